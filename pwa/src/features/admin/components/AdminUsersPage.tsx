import { ComingSoon } from '../../../ui/ComingSoon';

/** Placeholder until the admin area is built (spec §2 "Admin area"). */
export default function AdminUsersPage() {
  return <ComingSoon titleKey="admin.usersTitle" />;
}
