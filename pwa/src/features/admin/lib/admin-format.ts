import {
  dateLocale,
  formatNumber,
  translate,
  type TAdminCacheStatsReading,
  apiErrorMessage,
  type TAdminAccount,
  type TLanguage,
  type TMessageKey,
} from '@app/shared';
import type { TApiFailure } from '../../auth/lib/api-request';

/** product §9: a user id is shown as its first 8 characters plus an ellipsis. */
export function shortUserId(userId: string): string {
  return userId.length > 8 ? `${userId.slice(0, 8)}…` : userId;
}

/**
 * product §5 admin search: case-insensitive substring on the username, or substring on the user id.
 * A blank query keeps every account.
 */
export function filterAccounts(accounts: readonly TAdminAccount[], query: string): TAdminAccount[] {
  const q = query.trim();
  if (q === '') return [...accounts];
  const lower = q.toLowerCase();
  return accounts.filter((a) => a.instagram_username.toLowerCase().includes(lower) || a.user_id.includes(q));
}

/** product §9: admin dates in Arabic (Gregorian, Western digits) or en-US. */
export function formatAdminDate(iso: string, lang: TLanguage): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Media paths (`/media/…`) resolve against the page's own origin. */
export function mediaUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).href;
}

export const PLAN_LABEL_KEYS: Record<TAdminAccount['plan'], TMessageKey> = {
  basic: 'admin.planBasic',
  pro: 'admin.planPro',
  trial: 'admin.planTrial',
  free: 'admin.planFree',
};

/**
 * Words for a failed admin call (product §8): the network error, else the server's error worded by its code
 * (`apiErrorMessage`), else `fallback`, else 'HTTP error! status: N'.
 */
export function describeFailure(failure: TApiFailure, lang: TLanguage, fallback?: TMessageKey): string {
  if (failure.kind === 'network') return translate(lang, 'admin.networkError');
  if (failure.kind === 'http' && failure.message) return apiErrorMessage(lang, failure);
  if (fallback) return translate(lang, fallback);
  return translate(lang, 'admin.httpError', { status: failure.status });
}

const numberOrNull = (n: number | null | undefined) =>
  typeof n === 'number' && Number.isFinite(n) ? n : null;

/** The three figures of product §2: items in cache, hit rate in % (2 decimals), memory used. */
export function cacheFigures(stats: TAdminCacheStatsReading | undefined) {
  const keys = numberOrNull(stats?.total_keys);
  const rate = numberOrNull(stats?.hit_rate_percentage);
  const memory = stats?.used_memory_human?.trim();
  return {
    totalKeys: keys === null ? null : formatNumber(keys),
    hitRate: rate === null ? null : `${rate.toFixed(2)}%`,
    memory: memory ? memory : null,
  };
}
