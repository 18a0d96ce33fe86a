/** Count format: under 1000 plain; then K and M with one decimal, trailing .0 dropped. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const abs = Math.abs(n);
  const oneDecimal = (v: number) => (Math.floor(v * 10) / 10).toFixed(1).replace(/\.0$/, '');
  if (abs < 1000) return String(Math.trunc(n));
  if (abs < 1_000_000) return `${oneDecimal(n / 1000)}K`;
  return `${oneDecimal(n / 1_000_000)}M`;
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
