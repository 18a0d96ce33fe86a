import { createContext } from 'react';
import type { TAuthUser, TSession } from '@app/shared';
import type { AuthClient, TAuthSnapshot } from './auth-client';

export interface TAuthContextValue {
  client: AuthClient;
  status: TAuthSnapshot['status'];
  session: TSession | null;
  user: TAuthUser | null;
}

export const AuthContext = createContext<TAuthContextValue | null>(null);
