import { annualPrice, MONTHLY_PRICE_SAR, type TPlanId } from './plans.js';

/**
 * Billing rules every side shows the same way (docs/architecture.md "Plans"). Money is integer halalas
 * (100 = 1 SAR) everywhere; listed prices include VAT.
 */
export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type TBillingPeriod = (typeof BILLING_PERIODS)[number];

/** Months one payment buys. */
export const PERIOD_MONTHS: Record<TBillingPeriod, number> = { monthly: 1, annual: 12 };

/** Saudi VAT in percent; listed prices include it. */
export const VAT_PERCENT = 15;
/** Days a lapsed trial or paid period keeps working, with a banner, before the widget stops showing. */
export const GRACE_DAYS = 3;
/** Renewal e-mails go this many days before a period ends. */
export const RENEWAL_REMINDER_DAYS = [7, 1] as const;
/** Moyasar's smallest charge; an upgrade whose credit leaves less than this cannot be paid. */
export const MIN_CHARGE_HALALAS = 100;
export const CURRENCY = 'SAR';
export const DAY_MS = 86_400_000;

/** The listed, VAT-inclusive price of a plan and period, in halalas (59 SAR monthly, 595 annual…). */
export function planPriceHalalas(tier: TPlanId, period: TBillingPeriod): number {
  const monthly = MONTHLY_PRICE_SAR[tier];
  return (period === 'annual' ? annualPrice(monthly) : monthly) * 100;
}

/** The VAT inside a VAT-inclusive total, rounded to the halala: 11,900 → 1,552. */
export function vatOfInclusive(totalHalalas: number): number {
  return Math.round((totalHalalas * VAT_PERCENT) / (100 + VAT_PERCENT));
}

/** Halalas as a SAR amount with two decimals ("119.00"), the form ZATCA's QR and invoices use. */
export function sarAmount(halalas: number): string {
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(halalas));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Adds calendar months in UTC; a day the month lacks becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

export const TIER_RANK: Record<TPlanId, number> = { basic: 1, pro: 2 };

/** Invoices, credit notes and billing e-mails give times in Saudi time (no daylight saving: UTC+03:00). */
export const SAUDI_TIME_ZONE = 'Asia/Riyadh';

/** A moment as Saudi wall-clock time, "2026-11-28 06:32" (Latin digits, as on a tax document). */
export function saudiDateTime(at: Date | string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: SAUDI_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The Saudi calendar day of a moment, "2026-11-28". */
export const saudiDate = (at: Date | string): string => saudiDateTime(at).slice(0, 10);
