import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readMerchant, storeMerchant, type TMerchantRecord } from '../../../db';
import { isUnreachable } from '../../auth/lib/api-request';
import type { TMerchantApi } from '../lib/merchant-api';

/** While the server cannot reach its database, how often the dashboard asks again. */
const UNREACHABLE_RETRY_MS = 10_000;

export interface TMerchantState {
  /** undefined while the local copy is read; null when this device has none. */
  record: TMerchantRecord | null | undefined;
  /** The last attempt to read the server failed (the record, if any, is this device's older copy). */
  failed: boolean;
  /**
   * The last attempt got no answer, or the server said it cannot reach its database (503
   * `service_unavailable`): the dashboard shows its offline state and asks again every few seconds.
   */
  unreachable: boolean;
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
  const [unreachable, setUnreachable] = useState(false);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    const result = await api.getMerchant();
    if (result.ok) await storeMerchant(result.value);
    setFailed(!result.ok);
    setUnreachable(!result.ok && isUnreachable(result.failure));
    setLoading(false);
  }, [api]);

  useEffect(() => {
    if (canFetch) void reload();
  }, [canFetch, reload]);

  useEffect(() => {
    if (!canFetch || !unreachable) return;
    const timer = setInterval(() => void reload(), UNREACHABLE_RETRY_MS);
    return () => clearInterval(timer);
  }, [canFetch, unreachable, reload]);

  return { record, failed, unreachable, loading, reload };
}
