import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the admin area is built (spec §2 "Admin area"). */
export default function AdminSettingsPage() {
  return <ComingSoon titleKey="admin.settingsTitle" />;
}
