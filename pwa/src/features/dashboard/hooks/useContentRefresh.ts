import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast';
import { dateLocale, apiErrorMessage } from '@app/shared';
import { patchMerchant } from '../../../db';
import { useI18n } from '../../../i18n/useI18n';
import type { TMerchantApi } from '../lib/merchant-api';

/** product §9 timers. */
export const READINESS_FIRST_CHECK_MS = 5_000;
export const READINESS_SECOND_CHECK_MS = 20_000;
export const BACKGROUND_REFRESH_DELAY_MS = 1_000;
export const TRIGGER_TOAST_MS = 3_000;

/**
 * "Refresh Content" (product §4): ask for a refresh, then read the readiness after 5 s and, if still not ready,
 * once more 20 s later. The status read updates this device's copy of the merchant.
 */
export function useContentRefresh(userId: string, api: TMerchantApi) {
  const { t, lang } = useI18n();
  const [refreshing, setRefreshing] = useState(false);
  /** While set, the server said a manual refresh is not available until then (one per 5 minutes). */
  const [availableAt, setAvailableAt] = useState<Date | undefined>(undefined);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };

  const checkReadiness = useCallback(async (): Promise<boolean> => {
    const status = await api.contentStatus();
    if (!status.ok) return false;
    await patchMerchant(userId, {
      widget_content_ready: status.value.widget_content_ready,
      last_refresh: status.value.last_refresh,
      last_error: status.value.last_error,
      next_refresh_at: status.value.next_refresh_at,
    });
    return status.value.widget_content_ready;
  }, [api, userId]);

  const scheduleChecks = useCallback(() => {
    later(READINESS_FIRST_CHECK_MS, () => {
      void checkReadiness().then((ready) => {
        if (!ready) later(READINESS_SECOND_CHECK_MS, () => void checkReadiness());
      });
    });
  }, [checkReadiness]);

  /** The button: toasts the outcome. */
  const refresh = useCallback(async () => {
    setRefreshing(true);
    const result = await api.refreshContent();
    setRefreshing(false);
    if (result.ok) {
      toast.success(t('dashboard.account.refreshStarted'), { duration: TRIGGER_TOAST_MS });
      scheduleChecks();
    } else if (result.failure.kind === 'http' && result.failure.retryAfterSeconds !== undefined) {
      const at = new Date(Date.now() + result.failure.retryAfterSeconds * 1000);
      setAvailableAt(at);
      later(result.failure.retryAfterSeconds * 1000, () => setAvailableAt(undefined));
      toast.error(t('dashboard.account.refreshAvailableAt', { time: formatTime(lang, at) }));
    } else {
      const message =
        result.failure.kind === 'http' && result.failure.message
          ? apiErrorMessage(lang, result.failure)
          : t('common.unexpectedError');
      toast.error(t('dashboard.account.refreshError', { message }));
    }
  }, [api, lang, scheduleChecks, t]);

  /** After an account update: a quiet refresh 1 s later, then the same readiness checks. */
  const refreshInBackground = useCallback(() => {
    later(BACKGROUND_REFRESH_DELAY_MS, () => {
      void api.refreshContent().then((result) => result.ok && scheduleChecks());
    });
  }, [api, scheduleChecks]);

  return { refresh, refreshing, availableAt, refreshInBackground, checkReadiness };
}

/** "10:35 AM" / "١٠:٣٥ ص": when a limited action may be used again (today, within the hour). */
export function formatTime(lang: 'ar' | 'en', at: Date): string {
  return new Intl.DateTimeFormat(dateLocale(lang), { timeStyle: 'short' }).format(at);
}
