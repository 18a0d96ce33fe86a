import { useMemo } from 'react';
import { useAuth } from '../../auth/hooks/useAuth';
import { createAdminApi, type TAdminApi } from '../lib/admin-api';

/** The admin calls through the app's auth client (its bearer token, refreshed when needed). */
export function useAdminApi(): TAdminApi {
  const { client } = useAuth();
  return useMemo(() => createAdminApi((input, init) => client.fetchWithAuth(input, init)), [client]);
}
