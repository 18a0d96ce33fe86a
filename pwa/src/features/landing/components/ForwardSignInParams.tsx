import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../../app/navigation';
import { signInCallbackPath } from '../../marketing/lib/sign-in-params';

/** Sends a sign-in link that landed on the home page on to /auth/callback, query and hash intact. */
export function ForwardSignInParams({ children }: { children: ReactNode }) {
  const { search, hash } = useLocation();
  const callbackPath = signInCallbackPath(search, hash);
  if (callbackPath !== null) return <Navigate to={callbackPath} replace />;
  return children;
}
