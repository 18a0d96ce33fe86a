import type { IncomingHttpHeaders } from 'node:http';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.js';
import { widgetInstalls } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

/** Origins kept per widget key: a store has one or two; more is noise or someone sending made-up headers. */
export const INSTALL_ORIGINS_KEPT = 10;
/** At most one write per widget key per process in this time. */
export const INSTALL_WRITE_INTERVAL_MS = 60_000;

export interface InstallRow {
  origin: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export class WidgetInstallsRepository {
  constructor(private readonly db: Database) {}

  /** Upserts the origin's last sighting and keeps only the most recent origins of the key. */
  async record(key: string, origin: string, at: Date): Promise<void> {
    await this.db
      .insert(widgetInstalls)
      .values({ publicWidgetKey: key, origin, firstSeenAt: at, lastSeenAt: at })
      .onConflictDoUpdate({
        target: [widgetInstalls.publicWidgetKey, widgetInstalls.origin],
        set: { lastSeenAt: sql`greatest(${widgetInstalls.lastSeenAt}, excluded.last_seen_at)` },
      });
    const kept = this.db
      .select({ origin: widgetInstalls.origin })
      .from(widgetInstalls)
      .where(eq(widgetInstalls.publicWidgetKey, key))
      .orderBy(desc(widgetInstalls.lastSeenAt))
      .limit(INSTALL_ORIGINS_KEPT);
    await this.db
      .delete(widgetInstalls)
      .where(and(eq(widgetInstalls.publicWidgetKey, key), notInArray(widgetInstalls.origin, kept)));
  }

  async list(key: string): Promise<InstallRow[]> {
    return this.db
      .select({
        origin: widgetInstalls.origin,
        firstSeenAt: widgetInstalls.firstSeenAt,
        lastSeenAt: widgetInstalls.lastSeenAt,
      })
      .from(widgetInstalls)
      .where(eq(widgetInstalls.publicWidgetKey, key))
      .orderBy(desc(widgetInstalls.lastSeenAt))
      .limit(INSTALL_ORIGINS_KEPT);
  }
}

/**
 * The page origin a widget request came from: its `Origin` header (sent by the loader's cross-origin
 * fetch), else the origin of its `Referer` (same-origin pages such as the demo store). Only http(s)
 * origins of a sane length count; our own dashboard (the live preview) does not.
 */
export function pageOriginOf(headers: IncomingHttpHeaders, ownOrigin: string): string | undefined {
  const raw = headers.origin ?? headers.referer;
  if (typeof raw !== 'string' || raw.length > 2048 || raw === 'null') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin.length > 200) return undefined;
  // Our own pages load widgets only in the dashboard's preview, and the development demo store.
  if (url.origin === ownOrigin && !(headers.origin === undefined && url.pathname.startsWith('/demo/')))
    return undefined;
  return url.origin;
}

/**
 * True for the request the widget's loader makes: a browser's `fetch()` (Sec-Fetch-Mode `cors`,
 * Sec-Fetch-Dest `empty`), and when it names both, an Origin and a Referer of the same page origin. A bare
 * `Origin` header, as any script can send, is not a widget load. (Browsers without Fetch Metadata, Safari
 * before 16.4, are not counted: the check needs only one modern visitor.)
 */
export function isWidgetLoad(headers: IncomingHttpHeaders): boolean {
  if (headers['sec-fetch-mode'] !== 'cors' || headers['sec-fetch-dest'] !== 'empty') return false;
  const { origin, referer } = headers;
  if (typeof origin === 'string' && typeof referer === 'string') {
    try {
      return new URL(referer).origin === origin;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Notes which page origins load each widget, for the embed tab's installation check. `note` is called on
 * the widget's hot path: it only compares a timestamp in memory and, at most once a minute per key,
 * schedules the write for after the answer; a failed write is logged and forgotten.
 */
export class InstallRecorder {
  private readonly lastWrite = new LRUCache<string, number>({ max: 20_000 });
  /** Writes scheduled and not yet settled (at most one a minute per key), for `idle()`. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly repo: Pick<WidgetInstallsRepository, 'record'>,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly ownOrigin: string,
  ) {}

  note(key: string, headers: IncomingHttpHeaders): void {
    const now = this.clock.now();
    const last = this.lastWrite.get(key);
    if (last !== undefined && now.getTime() - last < INSTALL_WRITE_INTERVAL_MS) return;
    if (!isWidgetLoad(headers)) return;
    const origin = pageOriginOf(headers, this.ownOrigin);
    if (!origin) return;
    this.lastWrite.set(key, now.getTime());
    // Not a queued job (docs/architecture.md, "Background work"): a hint written again a minute later,
    // whose loss costs nothing, on the widget's hot path, where a job would be four writes instead of one.
    const write: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.repo.record(key, origin, now))
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'could not record where a widget was seen');
      })
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Settles when every write scheduled so far has been made or has failed (tests wait on it). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
