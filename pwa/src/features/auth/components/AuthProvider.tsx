import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthClient, TAuthSnapshot } from '../lib/auth-client';
import { AuthContext, type TAuthProviderValue } from '../lib/auth-context';
import {
  getLoadedAuthClient,
  loadAuthClient,
  resolvedClient,
  subscribeAuthClientLoaded,
} from '../lib/auth-loader';
import { hasSignedInHint } from '../lib/signed-in-hint';

const SIGNED_OUT: TAuthSnapshot = { status: 'ready', session: null };
const RESTORING: TAuthSnapshot = { status: 'loading', session: null };
const noSubscription = () => () => {};
const anonymousSnapshot = () => (hasSignedInHint() ? RESTORING : SIGNED_OUT);

/**
 * Starts the auth client (session restore, refresh tick, heartbeat) and shares its state with the tree.
 *
 * The client (with zod and the API schemas) is its own chunk. Without the `lamha_signed_in` hint cookie
 * there is no session to restore: the provider reports "ready, signed out" at once and loads the client
 * only when a page asks for it through `useAuth()`. With the hint it loads the client at once.
 * Tests pass their own client, which is used as is.
 */
export function AuthProvider({
  children,
  client: givenClient,
}: {
  children: ReactNode;
  client?: AuthClient;
}) {
  const loadedClient = useSyncExternalStore(
    subscribeAuthClientLoaded,
    getLoadedAuthClient,
    getLoadedAuthClient,
  );
  const client = givenClient ?? loadedClient ?? null;
  const getSnapshot = client ? client.getSnapshot : anonymousSnapshot;
  // The same on the server: the prerendered landing page is the signed-out one (no cookie there), which is
  // what a visitor without the hint sees, so taking it over needs no second render.
  const snapshot = useSyncExternalStore(client ? client.subscribe : noSubscription, getSnapshot, getSnapshot);

  useEffect(() => {
    if (client || !hasSignedInHint()) return;
    loadAuthClient().catch((error: unknown) => console.error('Could not load the auth client.', error));
  }, [client]);

  useEffect(() => {
    if (!client) return;
    void client.initialize();
    client.startAutoRefresh();
    // Timers are throttled in background tabs; check the token as soon as the tab is looked at again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void client.refreshIfExpiring();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      client.stopAutoRefresh();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [client]);

  const loadClient = useMemo(() => {
    if (!givenClient) return loadAuthClient;
    const given = resolvedClient(givenClient);
    return () => given;
  }, [givenClient]);

  const value = useMemo<TAuthProviderValue>(
    () => ({
      client,
      loadClient,
      status: snapshot.status,
      session: snapshot.session,
      user: snapshot.session?.user ?? null,
    }),
    [client, loadClient, snapshot],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
