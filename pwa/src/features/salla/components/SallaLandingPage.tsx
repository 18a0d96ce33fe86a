import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the Salla integration page is built (/salla/*). */
export default function SallaLandingPage() {
  return <ComingSoon titleKey="page.sallaTitle" />;
}
