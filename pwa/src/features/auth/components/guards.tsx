import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuthState } from '../hooks/useAuth';
import { DASHBOARD_PATH } from '../lib/auth-navigation';

/**
 * Signed-in users have no business on the landing page: they go to their dashboard. The page shows at once
 * for everyone else rather than waiting for the session check.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { session } = useAuthState();
  if (session) return <Navigate to={DASHBOARD_PATH} replace />;
  return children;
}
