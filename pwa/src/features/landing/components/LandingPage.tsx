import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the landing page is built (spec §2 "Landing page"). */
export default function LandingPage() {
  return <ComingSoon titleKey="page.landingTitle" />;
}
