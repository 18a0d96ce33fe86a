import { useCallback, useEffect, useRef, useState } from 'react';
import type { TBillingSubscription, TCheckoutStatus, TInvoiceList } from '@app/shared';
import type { TApiFailure } from '../../auth/lib/api-request';
import type { TBillingApi } from '../lib/billing-api';

export type TLoad<T> =
  { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'error'; failure: TApiFailure };

/** The merchant's plan and invoices, loaded when the dashboard can talk to the server. */
export function useBillingData(api: TBillingApi, canTalk: boolean) {
  const [subscription, setSubscription] = useState<TLoad<TBillingSubscription>>({ kind: 'loading' });
  const [invoices, setInvoices] = useState<TLoad<TInvoiceList>>({ kind: 'loading' });
  const reload = useCallback(async () => {
    const [sub, list] = await Promise.all([api.subscription(), api.invoices()]);
    setSubscription(sub.ok ? { kind: 'ready', value: sub.value } : { kind: 'error', failure: sub.failure });
    setInvoices(list.ok ? { kind: 'ready', value: list.value } : { kind: 'error', failure: list.failure });
  }, [api]);
  useEffect(() => {
    if (canTalk) void reload();
  }, [canTalk, reload]);
  return { subscription, invoices, reload };
}

export type TCheckoutWatch =
  | { kind: 'pending' }
  | { kind: 'paid'; status: TCheckoutStatus }
  | { kind: 'failed'; status: TCheckoutStatus }
  /** No confirmation after the polling window; the merchant can ask again. */
  | { kind: 'slow' }
  | { kind: 'error'; failure: TApiFailure };

/**
 * Back from the payment page with `?checkout=<id>`: asks the server until it has confirmed the payment (or
 * its failure). "Payment received" is shown only on the server's word, never on the redirect alone.
 */
export function useCheckoutWatch(
  api: TBillingApi,
  checkoutId: string | null,
  onSettled: () => void,
  options: { intervalMs?: number; maxTries?: number } = {},
) {
  const { intervalMs = 2_000, maxTries = 45 } = options;
  const [watch, setWatch] = useState<TCheckoutWatch | null>(checkoutId ? { kind: 'pending' } : null);
  const [round, setRound] = useState(0);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    if (!checkoutId) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    setWatch({ kind: 'pending' });
    const ask = async () => {
      tries++;
      const result = await api.checkoutStatus(checkoutId);
      if (cancelled) return;
      if (!result.ok) {
        setWatch({ kind: 'error', failure: result.failure });
        return;
      }
      if (result.value.status !== 'pending') {
        setWatch({ kind: result.value.status === 'paid' ? 'paid' : 'failed', status: result.value });
        settled.current();
        return;
      }
      if (tries >= maxTries) setWatch({ kind: 'slow' });
      else timer = setTimeout(() => void ask(), intervalMs);
    };
    void ask();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [api, checkoutId, intervalMs, maxTries, round]);

  return { watch, checkAgain: () => setRound((n) => n + 1) };
}
