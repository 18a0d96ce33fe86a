import { z } from 'zod';
import {
  ZAdminPayments,
  ZAdminRevenue,
  ZBillingSubscription,
  ZCheckoutCreated,
  ZCheckoutStatus,
  ZInvoice,
  ZInvoiceList,
  type TAdminPayments,
  type TAdminRevenue,
  type TBillingDetailsInput,
  type TBillingPeriod,
  type TBillingSubscription,
  type TCheckoutCreated,
  type TCheckoutStatus,
  type TInvoice,
  type TInvoiceList,
  type TPlanId,
} from '@app/shared';
import { JSON_HEADERS, requestJson, type TApiResult } from '../../auth/lib/api-request';

export type TFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** The billing calls of the dashboard and the admin area; `send` is the authorised fetch. */
export function createBillingApi(send: TFetch) {
  const post = (body?: unknown): RequestInit => ({
    method: 'POST',
    headers: JSON_HEADERS,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    subscription: (): Promise<TApiResult<TBillingSubscription>> =>
      requestJson(() => send('/api/billing/subscription'), ZBillingSubscription),
    /** `start`: during a trial, when the paid period starts (the server's default keeps the trial's days). */
    checkout: (
      tier: TPlanId,
      period: TBillingPeriod,
      saveCard = false,
      start?: 'trial_end' | 'now',
    ): Promise<TApiResult<TCheckoutCreated>> =>
      requestJson(
        () =>
          send(
            '/api/billing/checkout',
            post({ tier, period, ...(saveCard ? { save_card: true } : {}), ...(start ? { start } : {}) }),
          ),
        ZCheckoutCreated,
      ),
    /** Automatic renewal with the saved card, on or off; answers the subscription as it now stands. */
    setAutoRenew: (enabled: boolean): Promise<TApiResult<TBillingSubscription>> =>
      requestJson(
        () =>
          send('/api/billing/auto-renew', {
            method: 'PUT',
            headers: JSON_HEADERS,
            body: JSON.stringify({ enabled }),
          }),
        ZBillingSubscription,
      ),
    /** The company name and VAT number for invoices issued from now on; answers the subscription. */
    saveDetails: (details: TBillingDetailsInput): Promise<TApiResult<TBillingSubscription>> =>
      requestJson(
        () =>
          send('/api/billing/details', {
            method: 'PUT',
            headers: JSON_HEADERS,
            body: JSON.stringify(details),
          }),
        ZBillingSubscription,
      ),
    /** Forgets the saved card (its token is deleted at Moyasar). */
    removeCard: (): Promise<TApiResult<TBillingSubscription>> =>
      requestJson(() => send('/api/billing/card', { method: 'DELETE' }), ZBillingSubscription),
    checkoutStatus: (id: string): Promise<TApiResult<TCheckoutStatus>> =>
      requestJson(() => send(`/api/billing/checkout/${encodeURIComponent(id)}`), ZCheckoutStatus),
    invoices: (): Promise<TApiResult<TInvoiceList>> =>
      requestJson(() => send('/api/billing/invoices'), ZInvoiceList),
    invoice: (id: string): Promise<TApiResult<TInvoice>> =>
      requestJson(() => send(`/api/billing/invoices/${encodeURIComponent(id)}`), ZInvoice),
    adminPayments: (): Promise<TApiResult<TAdminPayments>> =>
      requestJson(() => send('/api/admin/payments'), ZAdminPayments),
    adminRevenue: (): Promise<TApiResult<TAdminRevenue>> =>
      requestJson(() => send('/api/admin/revenue'), ZAdminRevenue),
    refund: (checkoutId: string): Promise<TApiResult<{ refunded_halalas: number }>> =>
      requestJson(
        () => send(`/api/admin/payments/${encodeURIComponent(checkoutId)}/refund`, post()),
        z.object({ refunded_halalas: z.number().int() }),
      ),
  };
}

export type TBillingApi = ReturnType<typeof createBillingApi>;
