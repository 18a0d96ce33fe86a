import { useContext } from 'react';
import { AuthContext, type TAuthContextValue } from '../lib/auth-context';

/** The auth client and the current session (`status` is 'loading' until the session restore finished). */
export function useAuth(): TAuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() must be used inside <AuthProvider>.');
  return value;
}
