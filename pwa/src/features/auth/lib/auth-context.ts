import { createContext } from 'react';
import type { TAuthUser, TSession } from '@app/shared';
import type { AuthClient, TAuthSnapshot } from './auth-client';
import type { TTrackedPromise } from './auth-loader';

/** What `useAuth()` gives: the auth client and the current session. */
export interface TAuthContextValue {
  client: AuthClient;
  status: TAuthSnapshot['status'];
  session: TSession | null;
  user: TAuthUser | null;
}

/** The session without the client: never loads the auth client (see `useAuthState()`). */
export type TAuthState = Omit<TAuthContextValue, 'client'>;

/**
 * What the provider shares. `client` is null until the auth client module is loaded: it is loaded at start
 * only when the hint cookie says there is a session to restore, otherwise when a page asks for it.
 */
export interface TAuthProviderValue extends TAuthState {
  client: AuthClient | null;
  /** The same promise on every call; settled and marked as such once the client is there. */
  loadClient: () => TTrackedPromise<AuthClient>;
}

export const AuthContext = createContext<TAuthProviderValue | null>(null);
