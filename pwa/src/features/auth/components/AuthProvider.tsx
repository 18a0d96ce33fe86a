import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { authClient } from '../lib/auth';
import type { AuthClient } from '../lib/auth-client';
import { AuthContext, type TAuthContextValue } from '../lib/auth-context';

/** Starts the auth client (session restore, refresh tick, heartbeat) and shares its state with the tree. */
export function AuthProvider({ children, client = authClient }: { children: ReactNode; client?: AuthClient }) {
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);

  useEffect(() => {
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

  const value = useMemo<TAuthContextValue>(
    () => ({
      client,
      status: snapshot.status,
      session: snapshot.session,
      user: snapshot.session?.user ?? null,
    }),
    [client, snapshot],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
