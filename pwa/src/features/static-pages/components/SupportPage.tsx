import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the static page is built (spec §2 "Static pages"). */
export default function SupportPage() {
  return <ComingSoon titleKey="page.supportTitle" />;
}
