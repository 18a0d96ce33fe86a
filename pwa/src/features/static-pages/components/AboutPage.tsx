import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the static page is built (spec §2 "Static pages"). */
export default function AboutPage() {
  return <ComingSoon titleKey="page.aboutTitle" />;
}
