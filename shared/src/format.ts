import { formatNumber } from './format-number.js';
import type { TLanguage } from './schemas/common.js';

/*
 * One way to write numbers, counts and dates in both languages (issue 18 item 8). Arabic is written with
 * Western digits, as Salla and Zid write it: "1,200", "7.3 ألف", "23/11/2026، 3:01 م". Used by the web
 * app and the widget; the widget bundles only what it imports, so keep each piece small and separate.
 */

// Its own module: the landing page's prices need only this one (pwa/vite.config.ts, the common chunk).
export { formatNumber };

/**
 * Count format: under 1000 plain; then thousands and millions with one decimal (cut, not rounded, so
 * 999,999 never reads as a million), a trailing .0 dropped: "7.3K" / "7.3 ألف", "1.2M" / "1.2 مليون".
 */
export function formatCount(n: number, lang: TLanguage): string {
  if (!Number.isFinite(n)) return '0';
  const abs = Math.abs(n);
  if (abs < 1000) return String(Math.trunc(n));
  const big = abs >= 1e6;
  const value = (Math.floor((n / (big ? 1e6 : 1e3)) * 10) / 10).toFixed(1).replace(/\.0$/, '');
  return value + (lang === 'ar' ? (big ? ' مليون' : ' ألف') : big ? 'M' : 'K');
}

/**
 * A counted noun's forms per plural category (`Intl.PluralRules`); `#` is where the number goes; a missing
 * category takes `other`. Arabic has six: zero (0 منشور), one (منشور واحد), two (منشوران), few (3 منشورات),
 * many (56 منشورًا), other (100 منشور). The nouns are in count-words.ts (a module of their own, so a page
 * that only writes numbers does not load them).
 */
export type TPluralForms = { readonly [C in Intl.LDMLPluralRule]?: string } & { readonly other: string };
export type TCountWords = Readonly<Record<TLanguage, TPluralForms>>;

/**
 * The form for `n` among `forms` (one language's). With `compact` (the number written by formatCount),
 * 1000 and more take the form that follows ألف/مليون ("7.3 ألف متابع"); a number written in full takes
 * its own category ("1,203 منشورات").
 */
export function pluralForm(n: number, lang: TLanguage, forms: TPluralForms, compact = true): string {
  return (
    forms[compact && Math.abs(n) >= 1000 ? 'other' : new Intl.PluralRules(lang).select(n)] ?? forms.other
  );
}

/** "56 منشورًا", "7.3 ألف متابع", "1 post"; with compact false "1,203 منشورات". */
export function countText(n: number, lang: TLanguage, words: TCountWords, compact = true): string {
  return pluralForm(n, lang, words[lang], compact).replace(
    '#',
    compact ? formatCount(n, lang) : formatNumber(n),
  );
}

/**
 * The locale for dates and times: Arabic on the Gregorian calendar with Western digits ("ar-SA" alone
 * means the Hijri calendar and Arabic-Indic digits in browsers); English as `en` asks (en-US by default).
 */
/**
 * Riyal amounts shown side by side (a sale price and the old one, the products under a post) in one form:
 * all with two decimals when any has halalas ("149.50", "200.00"), else all whole ("149", "200"). Western
 * digits with the thousands comma.
 */
export function formatMoneyTogether(halalas: readonly number[]): string[] {
  const digits = halalas.some((h) => h % 100 !== 0) ? 2 : 0;
  return halalas.map((h) =>
    (h / 100).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
}

export const dateLocale = (lang: TLanguage, en = 'en-US'): string =>
  lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : en;

/** A date and/or time in the reader's language with Western digits; '' for an invalid date. */
export function formatDate(
  date: Date | string | number,
  lang: TLanguage,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  en?: string,
): string {
  const d = date instanceof Date ? date : new Date(date);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(dateLocale(lang, en), options).format(d);
}

/**
 * Subscription label: empty → Free, trial → Trial, otherwise the tier name capitalised and cut to
 * 12 characters plus an ellipsis when longer than 15.
 */
export function subscriptionLabel(tier: string | null | undefined): string {
  const t = (tier ?? '').trim();
  if (t === '') return 'Free';
  if (t.toLowerCase() === 'trial') return 'Trial';
  const cap = t.charAt(0).toUpperCase() + t.slice(1);
  return cap.length > 15 ? `${cap.slice(0, 12)}…` : cap;
}

/** Whole days left, rounded up; 0 or less means expired. */
export function daysRemaining(endsAt: Date | string, now: Date): number {
  const end = typeof endsAt === 'string' ? new Date(endsAt) : endsAt;
  return Math.ceil((end.getTime() - now.getTime()) / 86_400_000);
}

/** Bytes in the style of Redis `used_memory_human` (e.g. "1.23M"). */
export function humanBytes(bytes: number): string {
  const units = ['B', 'K', 'M', 'G', 'T'];
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v}B` : `${v.toFixed(2)}${units[i]}`;
}

/** Hit rate in percent with 2 decimals; 0 when nothing was looked up. */
export function hitRatePercentage(hits: number, misses: number): number {
  const total = hits + misses;
  if (total === 0) return 0;
  return Math.round((hits / total) * 10_000) / 100;
}
