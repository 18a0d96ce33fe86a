import { systemClock, type Clock } from '../lib/clock.js';
import { ZBusinessUseCaseUsage, ZGraphAppUsage } from './graph.schemas.js';

/**
 * Meta's throttling, as Graph's rate-limiting page documents it, shared by every client that calls a Meta
 * Graph host (Business Discovery, Instagram Login, Facebook Login): which error codes mean "slow down", how
 * long each keeps us away, and the usage headers that let us pause before Meta stops us.
 */

const MINUTE = 60_000;

/**
 * Throttling codes: app (4), user (17), page (32), API-specific (613). App-wide and page-level limits are
 * counted over the hour, so a short pause would only burn more calls; user and API-specific limits recover
 * sooner.
 */
const THROTTLE_MS: Readonly<Record<number, number>> = {
  4: 60 * MINUTE,
  32: 60 * MINUTE,
  17: 15 * MINUTE,
  613: 15 * MINUTE,
};
/** The Business Use Case family 80001–80014 (80002 is Instagram's), kept away an hour unless Meta says. */
const BUC_THROTTLE_MS = 60 * MINUTE;
const isBusinessUseCaseThrottle = (code: number) => code >= 80_000 && code <= 80_099;

/** Usage headers report percentages of the allowance; above this we pause before Meta stops us. */
export const HIGH_USAGE_PERCENT = 90;
export const HIGH_USAGE_BACKOFF_MS = 15 * MINUTE;
/** How many accounts' backoffs one process remembers (the oldest are forgotten first). */
const MAX_ACCOUNT_BACKOFFS = 10_000;

/** How long a Graph error code keeps us away, or undefined when the code is not throttling. */
export function throttleMsFor(code: number | undefined): number | undefined {
  if (code === undefined) return undefined;
  return THROTTLE_MS[code] ?? (isBusinessUseCaseThrottle(code) ? BUC_THROTTLE_MS : undefined);
}

export interface GraphPause {
  ms: number;
  reason: string;
}

/**
 * The pauses one client keeps: app-wide (X-App-Usage high, error 4) and per account (X-Business-Use-Case-
 * Usage high, a per-account throttling code), keyed by whatever names the account to the caller (a hash
 * of its token). A client with a single token (Business Discovery) passes no account: everything is
 * app-wide for it.
 */
export class GraphBackoff {
  private appUntil = 0;
  private appReason = '';
  private readonly accounts = new Map<string, { until: number; reason: string }>();

  constructor(private readonly clock: Clock = systemClock) {}

  /** How long calls for this account (or any) must still wait, and why; undefined when they may go. */
  pausedFor(account?: string): GraphPause | undefined {
    const now = this.clock.now().getTime();
    const own = account === undefined ? undefined : this.accounts.get(account);
    if (own && own.until <= now) this.accounts.delete(account!);
    const waits = [
      { ms: this.appUntil - now, reason: this.appReason },
      ...(own ? [{ ms: own.until - now, reason: own.reason }] : []),
    ].filter((w) => w.ms > 0);
    return waits.sort((a, b) => b.ms - a.ms)[0];
  }

  pauseApp(ms: number, reason: string): void {
    const until = this.clock.now().getTime() + ms;
    if (until > this.appUntil) {
      this.appUntil = until;
      this.appReason = reason;
    }
  }

  pauseAccount(account: string | undefined, ms: number, reason: string): void {
    if (account === undefined) return this.pauseApp(ms, reason);
    const until = this.clock.now().getTime() + ms;
    const current = this.accounts.get(account);
    if (current && current.until >= until) return;
    this.accounts.delete(account);
    this.accounts.set(account, { until, reason });
    if (this.accounts.size > MAX_ACCOUNT_BACKOFFS) this.accounts.delete(this.accounts.keys().next().value!);
  }

  /** After a throttling error: app-wide limits (4) pause every account, the others only the one. */
  noteThrottled(code: number | undefined, ms: number, account: string | undefined): void {
    const reason = `Graph error ${code ?? 'HTTP 429'}`;
    if (code === 4) this.pauseApp(ms, reason);
    else this.pauseAccount(account, ms, reason);
  }

  /**
   * Reads `X-App-Usage` (the app's share of its hourly allowance) and `X-Business-Use-Case-Usage` (per
   * business object, with `estimated_time_to_regain_access` in minutes) and pauses before Meta would stop
   * us: above 90 % for 15 minutes, or for as long as Meta says access takes to regain. Advisory: an
   * unreadable header changes nothing. Gives the wait Meta announced, for a throttling error in the same
   * answer.
   */
  noteUsage(headers: Headers, account: string | undefined): { regainMs?: number } {
    const app = ZGraphAppUsage.safeParse(parseJsonOrUndefined(headers.get('x-app-usage')));
    if (app.success) {
      const highest = highestPercent(app.data);
      if (highest > HIGH_USAGE_PERCENT) this.pauseApp(HIGH_USAGE_BACKOFF_MS, `X-App-Usage at ${highest}%`);
    }
    const buc = ZBusinessUseCaseUsage.safeParse(
      parseJsonOrUndefined(headers.get('x-business-use-case-usage')),
    );
    if (!buc.success) return {};
    let regainMs: number | undefined;
    for (const entry of Object.values(buc.data).flat()) {
      const highest = highestPercent(entry);
      const regain = (entry.estimated_time_to_regain_access ?? 0) * MINUTE;
      if (regain > 0) regainMs = Math.max(regainMs ?? 0, regain);
      if (regain > 0 || highest > HIGH_USAGE_PERCENT)
        this.pauseAccount(
          account,
          Math.max(regain, HIGH_USAGE_BACKOFF_MS),
          `X-Business-Use-Case-Usage at ${highest}%${regain > 0 ? `, access back in ${regain / MINUTE} min` : ''}`,
        );
    }
    return regainMs === undefined ? {} : { regainMs };
  }
}

function highestPercent(usage: { call_count?: number; total_cputime?: number; total_time?: number }) {
  return Math.max(usage.call_count ?? 0, usage.total_cputime ?? 0, usage.total_time ?? 0);
}

function parseJsonOrUndefined(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
