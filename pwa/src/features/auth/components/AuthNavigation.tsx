import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../hooks/useAuth';
import { redirectForAuthEvent } from '../lib/auth-navigation';

/** Moves the user when the session changes (signed out → /login, signed in on /login → /dashboard). */
export function AuthNavigation() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      client.onAuthStateChange((event, session) => {
        const target = redirectForAuthEvent(event, session, pathnameRef.current);
        if (target !== null) void navigate(target, { replace: true });
      }),
    [client, navigate],
  );

  return null;
}
