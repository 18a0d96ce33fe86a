import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { withMessages } from '../../../i18n/catalogue';
import { LoadingScreen } from '../../../ui/Spinner';
import { useAuthState } from '../../auth/hooks/useAuth';

// The admin area is its own chunk: the gate is all the route table (and so every page's first load) carries.
const AdminLayout = lazy(() =>
  withMessages(import('./AdminLayout'), 'admin').then((module) => ({ default: module.AdminLayout })),
);

/**
 * The admin gate (product §4): 'Checking your access...' while the session is restored, then
 * no session → /login, a session whose user is not exactly `is_admin: true` → /dashboard. The server checks again
 * on every admin call; this only keeps the pages out of sight.
 */
export function AdminGate() {
  const { status, user } = useAuthState();
  const { t } = useI18n();
  const checking = <LoadingScreen label={t('admin.checking')} />;
  if (status === 'loading') return checking;
  if (!user) return <Navigate to="/login" replace />;
  if (user.is_admin !== true) return <Navigate to="/dashboard" replace />;
  return (
    <Suspense fallback={checking}>
      <AdminLayout />
    </Suspense>
  );
}
