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

/** A document's issue date and time, in Saudi time whatever the browser's zone ("28 Nov 2026, 06:32"). */
export function billingDateTime(iso: string, lang: TLanguage): string {
  return new Intl.DateTimeFormat(dateLocale(lang, 'en-GB'), {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
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

/** Why the card's bank refused a payment, in our own words (Moyasar's documented reasons, below). */
export type TDeclineReason =
  'insufficient_funds' | 'expired_card' | 'limit' | 'verification' | 'timeout' | 'blocked' | 'declined';

/**
 * Moyasar's failure messages (docs.moyasar.com: "Payment Errors", the test cards' messages and response
 * codes, "3DS Errors", STC Pay's sandbox outcomes), read tolerantly: any case, "_" or " ", with or without
 * "DECLINED: " before the reason. The first pattern that matches wins; unknown text is `undefined`.
 */
const DECLINE_PATTERNS: readonly [RegExp, TDeclineReason][] = [
  [/INSUFFICIENT FUNDS|\b51\b/, 'insufficient_funds'],
  [/EXPIRED CARD|\b54\b/, 'expired_card'],
  [/LIMIT/, 'limit'],
  [/TIME FRAME|TIMEOUT|TIMED OUT|OTP TIME OUT/, 'timeout'],
  [/^"?3-?D|3DS|3-D SECURE|AUTHENTICATION|OTP/, 'verification'],
  [/BLOCKED/, 'blocked'],
  [/DECLINED|UNSPECIFIED FAILU|LOST CARD|STOLEN CARD|REJECTED|DO NOT HONOU?R/, 'declined'],
];

export function declineReason(message: string | null): TDeclineReason | undefined {
  if (!message) return undefined;
  const text = message.toUpperCase().replace(/_/g, ' ');
  return DECLINE_PATTERNS.find(([pattern]) => pattern.test(text))?.[1];
}

/**
 * Why a checkout failed, in the merchant's words: what happened and what to do. The payment network's own
 * text, when it gave one, is only in `details`, for support.
 */
export function checkoutFailureText(
  status: TCheckoutStatus,
  t: TTranslate,
): { text: string; details?: string } {
  switch (status.failure_reason) {
    case 'amount_mismatch':
    case 'currency_mismatch':
    case 'refunded':
      return { text: t(`dashboard.billing.failure.${status.failure_reason}`) };
    default: {
      const message = status.failure_message?.trim() || null;
      const reason = declineReason(message);
      const text = reason
        ? t(`dashboard.billing.decline.${reason}`)
        : t('dashboard.billing.failure.payment_failed');
      return message ? { text, details: t('dashboard.billing.decline.details', { message }) } : { text };
    }
  }
}
