import {
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
import { billingContracts as billing } from '@app/shared/contracts';
import type { TApiResult } from '../../auth/lib/api-request';
import { createApiClient, type TFetch } from '../../../lib/api-client';

/** The billing calls of the dashboard and the admin area; `send` is the authorised fetch. */
export function createBillingApi(send: TFetch) {
  const { call } = createApiClient(send);
  return {
    subscription: (): Promise<TApiResult<TBillingSubscription>> => call(billing.subscription),
    /** `start`: during a trial, when the paid period starts (the server's default keeps the trial's days). */
    checkout: (
      tier: TPlanId,
      period: TBillingPeriod,
      saveCard = false,
      start?: 'trial_end' | 'now',
    ): Promise<TApiResult<TCheckoutCreated>> =>
      call(billing.checkout, {
        body: { tier, period, ...(saveCard ? { save_card: true } : {}), ...(start ? { start } : {}) },
      }),
    /** Automatic renewal with the saved card, on or off; answers the subscription as it now stands. */
    setAutoRenew: (enabled: boolean): Promise<TApiResult<TBillingSubscription>> =>
      call(billing.autoRenew, { body: { enabled } }),
    /** The company name and VAT number for invoices issued from now on; answers the subscription. */
    saveDetails: (details: TBillingDetailsInput): Promise<TApiResult<TBillingSubscription>> =>
      call(billing.details, { body: details }),
    /** Forgets the saved card (its token is deleted at Moyasar). */
    removeCard: (): Promise<TApiResult<TBillingSubscription>> => call(billing.deleteCard),
    checkoutStatus: (id: string): Promise<TApiResult<TCheckoutStatus>> =>
      call(billing.checkoutStatus, { params: { id } }),
    invoices: (): Promise<TApiResult<TInvoiceList>> => call(billing.invoices),
    invoice: (id: string): Promise<TApiResult<TInvoice>> => call(billing.invoice, { params: { id } }),
    adminPayments: (): Promise<TApiResult<TAdminPayments>> => call(billing.adminPayments),
    adminRevenue: (): Promise<TApiResult<TAdminRevenue>> => call(billing.adminRevenue),
    refund: (checkoutId: string): Promise<TApiResult<{ refunded_halalas: number }>> =>
      call(billing.adminRefund, { params: { id: checkoutId } }),
  };
}

export type TBillingApi = ReturnType<typeof createBillingApi>;
