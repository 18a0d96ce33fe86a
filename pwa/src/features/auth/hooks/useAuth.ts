import { use, useContext, useMemo, useSyncExternalStore } from 'react';
import type { AuthClient } from '../lib/auth-client';
import {
  AuthContext,
  type TAuthContextValue,
  type TAuthProviderValue,
  type TAuthState,
} from '../lib/auth-context';

function useAuthContext(): TAuthProviderValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() must be used inside <AuthProvider>.');
  return value;
}

/**
 * The auth client and the current session (`status` is 'loading' until the session restore finished).
 * Loads the auth client when it is not loaded yet, suspending meanwhile: call it from lazily loaded pages
 * (inside a Suspense boundary), and use `useAuthState()` where the session alone is enough.
 */
export function useAuth(): TAuthContextValue {
  const context = useAuthContext();
  // Called on every render (React requires it once a render suspended on it); a loaded client is returned at once.
  const client = use<AuthClient>(context.loadClient() as Promise<AuthClient>);
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  return useMemo(
    () => ({
      client,
      status: snapshot.status,
      session: snapshot.session,
      user: snapshot.session?.user ?? null,
    }),
    [client, snapshot],
  );
}

/**
 * The current session without the client; never loads it. Without the hint cookie this is at once
 * `{status: 'ready', session: null}`.
 */
export function useAuthState(): TAuthState {
  const { status, session, user } = useAuthContext();
  return useMemo(() => ({ status, session, user }), [status, session, user]);
}

/** The client if it is already loaded (null otherwise); never loads it. */
export function useLoadedAuthClient(): TAuthProviderValue['client'] {
  return useAuthContext().client;
}
