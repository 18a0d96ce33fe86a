import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useI18n } from '../../../i18n/useI18n';
import { LoadingScreen } from '../../../ui/Spinner';
import { useAuthState } from '../hooks/useAuth';
import { DASHBOARD_PATH, LOGIN_PATH } from '../lib/auth-navigation';

/** Signed-out visitors of a merchant page go to /login (also when the session ends while they are here). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, session } = useAuthState();
  const { t } = useI18n();
  if (status === 'loading') return <LoadingScreen label={t('common.loading')} />;
  if (!session) return <Navigate to={LOGIN_PATH} replace />;
  return children;
}

/**
 * Signed-in users have no business on the landing page: they go to their dashboard. The page shows at once
 * for everyone else rather than waiting for the session check.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { session } = useAuthState();
  if (session) return <Navigate to={DASHBOARD_PATH} replace />;
  return children;
}
