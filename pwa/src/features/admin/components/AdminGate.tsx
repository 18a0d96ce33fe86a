import { Navigate } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { LoadingScreen } from '../../../ui/Spinner';
import { useAuth } from '../../auth/hooks/useAuth';
import { AdminLayout } from './AdminLayout';

/**
 * The admin gate (spec §4): 'Checking royal credentials...' while the session is restored, then
 * no session → /login, a session whose user is not exactly `is_admin: true` → /. The server checks again
 * on every admin call; this only keeps the pages out of sight.
 */
export function AdminGate() {
  const { status, user } = useAuth();
  const { t } = useI18n();
  if (status === 'loading') return <LoadingScreen label={t('admin.checking')} />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.is_admin !== true) return <Navigate to="/" replace />;
  return <AdminLayout />;
}
