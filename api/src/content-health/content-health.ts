import type { TContentHealthState } from '@app/shared';

const HOUR = 3_600_000;

/**
 * The one rule for content health: a connection Instagram refused needs reconnecting; otherwise content
 * whose last good refresh (or, before the first, the connection itself) is older than twice the plan's
 * refresh interval is stale.
 */
export function contentHealthOf(input: {
  connectionStatus: 'active' | 'needs_reconnect' | null;
  lastGoodRefresh: Date | null;
  /** When the account was connected: before a first refresh, staleness counts from here. */
  connectedAt: Date | null;
  refreshHours: number;
  now: Date;
}): TContentHealthState {
  if (input.connectionStatus === 'needs_reconnect') return 'needs_reconnect';
  const since = input.lastGoodRefresh ?? input.connectedAt;
  if (since && input.now.getTime() - since.getTime() > 2 * input.refreshHours * HOUR) return 'stale';
  return 'ok';
}
