import {
  dateLocale,
  formatNumber,
  apiErrorMessage,
  BILLING_ERROR_CODES,
  sarAmount,
  type TBillingErrorCode,
  type TCheckoutStatus,
  type TLanguage,
  type TMessageKey,
  type TMessageParams,
} from '@app/shared';
import type { TApiFailure } from '../../auth/lib/api-request';

type TTranslate = (key: TMessageKey, params?: TMessageParams) => string;

/** Halalas as the dashboard shows money: "1,200.00" (Latin digits, as on Saudi invoices and Moyasar's page). */
export function money(halalas: number): string {
  const [whole = '0', fraction = '00'] = sarAmount(halalas).split('.');
  return `${formatNumber(Number(whole))}.${fraction}`;
}

export function billingDate(iso: string, lang: TLanguage): string {
  return new Intl.DateTimeFormat(dateLocale(lang, 'en-GB'), {
    dateStyle: 'medium',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(iso));
}

const isBillingCode = (code: string | undefined): code is TBillingErrorCode =>
  (BILLING_ERROR_CODES as readonly string[]).includes(code ?? '');

/**
 * An API failure in the merchant's words, chosen by its error code (never by the English text): the error
 * table's words for a billing code, whatever sentence the server sent with it.
 */
export function billingFailureText(failure: TApiFailure, lang: TLanguage, t: TTranslate): string {
  if (failure.kind === 'http' && isBillingCode(failure.code))
    return apiErrorMessage(lang, { code: failure.code });
  if (failure.kind === 'network') return t('common.unexpectedError');
  return t('common.requestFailedStatus', { status: failure.status });
}

/** Why a checkout failed, in the merchant's words (the payment network's own message when it gave one). */
export function checkoutFailureText(status: TCheckoutStatus, t: TTranslate): string {
  switch (status.failure_reason) {
    case 'amount_mismatch':
    case 'currency_mismatch':
    case 'refunded':
      return t(`dashboard.billing.failure.${status.failure_reason}`);
    default:
      return status.failure_message
        ? t('dashboard.billing.failure.payment_failed_message', { message: status.failure_message })
        : t('dashboard.billing.failure.payment_failed');
  }
}
