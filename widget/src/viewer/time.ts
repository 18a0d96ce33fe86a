import type { Lang } from '../core/types.js';

const STEPS: [limit: number, unit: Intl.RelativeTimeFormatUnit, short: string][] = [
  [60, 'second', 's'],
  [60, 'minute', 'm'],
  [24, 'hour', 'h'],
  [7, 'day', 'd'],
  [5, 'week', 'w'],
];

/** Arabic text with Latin digits, as the rest of the widget (counts) writes numbers. */
const AR = 'ar-u-nu-latn';

/**
 * product §9 relative time: seconds, minutes, hours, days, then weeks up to 4 weeks; older posts show the
 * month and day (and the year when it is not the current one, so an old post is not mistaken for a recent
 * one). English is compact like Instagram's ("5m", "3d", "2w"); Arabic uses the language's own phrasing and
 * plural forms ("قبل 3 أيام") through Intl.
 */
export function relativeTime(iso: string, now: number, lang: Lang): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  let value = Math.max(0, Math.floor((now - then) / 1000));
  for (const [limit, unit, short] of STEPS) {
    if (value < limit) {
      return lang === 'en'
        ? `${value}${short}`
        : new Intl.RelativeTimeFormat(AR, { numeric: 'auto' }).format(-value, unit);
    }
    value = Math.floor(value / limit);
  }
  const date = new Date(then);
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : AR, {
    month: 'long',
    day: 'numeric',
    year: date.getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric',
  }).format(date);
}
