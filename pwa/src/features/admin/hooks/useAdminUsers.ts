import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast';
import { ACCOUNT_WORDS, countText, type TAdminAccount } from '@app/shared';
import { useI18n } from '../../../i18n/useI18n';
import { describeFailure } from '../lib/admin-format';
import { ADMIN_TOASTER_ID } from '../lib/admin-toast';
import { useAdminApi } from './useAdminApi';

/** product §3 "Row refresh state". */
export interface TRowRefreshState {
  userId: string;
  status: 'refreshing' | 'success' | 'error';
  message: string;
}

/** product §4 bulk refresh. */
export type TBulkRefreshStatus = 'idle' | 'refreshing' | 'success' | 'error';

/** How long the bulk button shows its outcome before it offers a new refresh. */
export const BULK_OUTCOME_MS = 5_000;

const toastOptions = { toasterId: ADMIN_TOASTER_ID } as const;

/**
 * The users page's data: every connected account, per-row and bulk refresh states (product §4). A list
 * that fails to load is only logged and shows as empty (product §8); refresh outcomes are toasted.
 */
export function useAdminUsers() {
  const api = useAdminApi();
  const { lang, t } = useI18n();
  const [accounts, setAccounts] = useState<TAdminAccount[]>([]);
  const [loading, setLoading] = useState(true);
  const [rowStates, setRowStates] = useState<Record<string, TRowRefreshState>>({});
  const [bulkStatus, setBulkStatus] = useState<TBulkRefreshStatus>('idle');
  const mounted = useRef(true);
  const bulkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useCallback(async () => {
    const result = await api.listAllAccounts();
    if (!mounted.current) return;
    if (result.ok) setAccounts(result.value);
    else {
      console.error('Failed to load admin users', result.failure);
      setAccounts([]);
    }
    setLoading(false);
  }, [api]);

  useEffect(() => {
    mounted.current = true;
    void reload();
    return () => {
      mounted.current = false;
      clearTimeout(bulkTimer.current);
    };
  }, [reload]);

  const setRow = (state: TRowRefreshState) => setRowStates((all) => ({ ...all, [state.userId]: state }));

  const refreshOne = useCallback(
    async (userId: string) => {
      setRow({ userId, status: 'refreshing', message: '' });
      const result = await api.refreshAccount(userId);
      if (!mounted.current) return;
      if (result.ok) {
        // The API's one answer to a started refresh; the words are ours, in the reader's language.
        const message = result.value.message.trim() ? t('admin.refreshStarted') : t('admin.refreshedDefault');
        setRow({ userId, status: 'success', message });
        toast.success(message, toastOptions);
        await reload();
      } else {
        const message = describeFailure(result.failure, lang, 'admin.refreshFailed');
        setRow({ userId, status: 'error', message });
        toast.error(message, toastOptions);
      }
    },
    [api, lang, reload, t],
  );

  const refreshAll = useCallback(async () => {
    clearTimeout(bulkTimer.current);
    setBulkStatus('refreshing');
    const result = await api.refreshAll();
    if (!mounted.current) return;
    if (result.ok) {
      setBulkStatus('success');
      setRowStates({});
      toast.success(
        t('admin.refreshAllQueued', { accounts: countText(result.value.queued, lang, ACCOUNT_WORDS, false) }),
        toastOptions,
      );
      await reload();
    } else {
      setBulkStatus('error');
      toast.error(describeFailure(result.failure, lang, 'admin.refreshFailed'), toastOptions);
    }
    if (mounted.current) bulkTimer.current = setTimeout(() => setBulkStatus('idle'), BULK_OUTCOME_MS);
  }, [api, lang, reload, t]);

  return { accounts, loading, rowStates, bulkStatus, refreshOne, refreshAll };
}
