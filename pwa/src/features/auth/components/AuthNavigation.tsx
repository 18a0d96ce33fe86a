import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../../app/navigation';
import { useLoadedAuthClient } from '../hooks/useAuth';
import { redirectForAuthEvent } from '../lib/auth-navigation';

/** Moves the user when the session changes (signed out → /login, signed in on /login → /dashboard). */
export function AuthNavigation() {
  // Only a loaded client has events to tell; until then nobody can sign in or out.
  const client = useLoadedAuthClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      client?.onAuthStateChange((event, session) => {
        const target = redirectForAuthEvent(event, session, pathnameRef.current);
        if (target !== null) navigate(target, { replace: true });
      }),
    [client, navigate],
  );

  return null;
}
