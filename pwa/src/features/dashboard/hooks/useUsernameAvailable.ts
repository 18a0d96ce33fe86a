import { useEffect, useState } from 'react';
import type { TMerchantApi } from '../lib/merchant-api';

/**
 * Whether the server can read Instagram accounts by username (GET /api/instagram/connection). False in
 * production without Business Discovery keys: then every form hides the username path (issue 31, row 11).
 * True until the server has answered, as before.
 */
export function useUsernameAvailable(api: Pick<TMerchantApi, 'getInstagramConnection'>): boolean {
  const [available, setAvailable] = useState(true);
  useEffect(() => {
    let live = true;
    void api.getInstagramConnection().then((result) => {
      if (live && result.ok) setAvailable(result.value.username_available);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return available;
}
