import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readMerchant, storeMerchant, type TMerchantRecord } from '../../../db';
import type { TMerchantApi } from '../lib/merchant-api';

export interface TMerchantState {
  /** undefined while the local copy is read; null when this device has none. */
  record: TMerchantRecord | null | undefined;
  /** The last attempt to read the server failed (the record, if any, is this device's older copy). */
  failed: boolean;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * The merchant, read from this device's copy (a live query, so every change made by any part of the
 * dashboard or another tab shows at once) and refreshed from the server whenever it can be reached.
 */
export function useMerchant(userId: string, api: TMerchantApi, canFetch: boolean): TMerchantState {
  const record = useLiveQuery(async () => (await readMerchant(userId)) ?? null, [userId]);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    const result = await api.getMerchant();
    if (result.ok) await storeMerchant(result.value);
    setFailed(!result.ok);
    setLoading(false);
  }, [api]);

  useEffect(() => {
    if (canFetch) void reload();
  }, [canFetch, reload]);

  return { record, failed, loading, reload };
}
