import type { AuthClient } from './auth-client';

/**
 * Loads the auth client (and with it zod and the API schemas) on demand, once. Pages that need it (sign-in,
 * dashboard, admin) ask through `useAuth()`; the provider asks at start when the hint cookie says a session
 * can be restored. A first visit to the landing page never does.
 */
/** A promise that says when it is settled, as React's `use()` reads it: a loaded client is used at once. */
export type TTrackedPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let loading: TTrackedPromise<AuthClient> | undefined;
let loaded: AuthClient | undefined;
const listeners = new Set<() => void>();

export function resolvedClient(client: AuthClient): TTrackedPromise<AuthClient> {
  return Object.assign(Promise.resolve(client), { status: 'fulfilled' as const, value: client });
}

export function loadAuthClient(): TTrackedPromise<AuthClient> {
  if (loading) return loading;
  const promise: TTrackedPromise<AuthClient> = import('./zod-jitless')
    .then(() => import('./auth'))
    .then(({ authClient }) => {
      promise.status = 'fulfilled';
      promise.value = authClient;
      loaded = authClient;
      for (const listener of [...listeners]) listener();
      return authClient;
    })
    .catch((error: unknown) => {
      // A failed chunk download (offline, new deploy) may be retried by the next caller.
      loading = undefined;
      throw error;
    });
  loading = promise;
  return promise;
}

/** The client once loaded (for `useSyncExternalStore`). */
export function getLoadedAuthClient(): AuthClient | undefined {
  return loaded;
}

export function subscribeAuthClientLoaded(onLoad: () => void): () => void {
  listeners.add(onLoad);
  return () => listeners.delete(onLoad);
}
