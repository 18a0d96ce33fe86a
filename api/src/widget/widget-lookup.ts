import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CachePort } from '../cache/cache.port.js';
import { cacheKeys } from '../cache/cache.port.js';
import type { SnapshotsRepository } from '../content/snapshots.repository.js';
import type { StorePlatform, WidgetRepository } from './widget.repository.js';
import type { Logger } from '../lib/logger.js';

/** A snapshot ready to send: the body and its compressed forms, made once per process per version. */
export interface ServedSnapshot {
  etag: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Response headers for each encoding and for 304, built once: the hot path only picks one. */
  headers: {
    identity: Readonly<Record<string, string | number>>;
    gzip: Readonly<Record<string, string | number>>;
    br: Readonly<Record<string, string | number>>;
    notModified: Readonly<Record<string, string | number>>;
  };
}

/**
 * How browsers and shared caches keep a snapshot. A browser revalidates it on every page view (a 304 of a
 * few hundred bytes when nothing changed), so a store page shows what the merchant saved on its next load
 * rather than a copy up to a minute old; a CDN in front of the API may keep it 10 s (`s-maxage`), so
 * behind one a change takes at most that long (plus another process's few seconds of memory, see
 * MEMORY_TTL_MS). `stale-if-error` lets a CDN and the browser keep showing the copy they hold for a day
 * when we answer with an error (we do not mean to: see `find`).
 */
export const WIDGET_SNAPSHOT_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-if-error=86400';

/** Headers every widget init answer carries. */
export const WIDGET_SNAPSHOT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': WIDGET_SNAPSHOT_CACHE_CONTROL,
  Vary: 'Accept-Encoding',
} as const;

/**
 * Where a widget's snapshot was found: this process, the shared cache, the database, nowhere, or (`stale`)
 * the last good copy held here or in the shared cache because the database or the cache could not answer.
 */
export type SnapshotTier = 'memory' | 'cache' | 'database' | 'stale' | 'none';

/** What `find` answers: the snapshot, if any, and the tier that had it. */
type Found = { served: ServedSnapshot | undefined; tier: SnapshotTier; unavailable?: true };

interface SharedEntry {
  etag: string;
  body: string;
  /** When the database said so (ms since the epoch); absent in entries written before this field. */
  at?: number;
}

/** How long a process trusts its own copy; the shared cache and the database are the truth. */
export const MEMORY_TTL_MS = 5_000;
/** How long a shared copy is trusted as current (a rebuild deletes it sooner). */
const SHARED_FRESH_MS = 60_000;
/**
 * How long the shared cache keeps a snapshot: far longer than it is trusted, so that through a database
 * outage every process (a new one too) still finds the last good copy of a widget seen within a day.
 */
const SHARED_TTL_SECONDS = 24 * 3600;
/**
 * Bytes of snapshots a process keeps (body, gzip and brotli forms, headers). Copies past their 5 s stay
 * until this pushes them out, least recently used first: they are what an outage is served from. Measured
 * on the demo feed of 50 posts: 67 KB of JSON, 10 KB gzip, 9 KB brotli, 1.4 KB of heap for the rest, so
 * about 88 KB a widget and some 1,500 widgets per process; smaller feeds weigh less.
 */
export const MEMORY_MAX_BYTES = 128 * 1024 * 1024;
/** What a snapshot costs beyond its three buffers: the header objects, the ETag, the LRU's entry. */
const ENTRY_OVERHEAD_BYTES = 1_500;
/**
 * While the database cannot answer, a stale copy is served from the hot path for this long before the
 * next attempt: one try a second per widget, and an answer within a second of the database returning.
 */
export const OUTAGE_RETRY_MS = 1_000;
/** One warning per this long while snapshots are served stale. */
const STALE_LOG_INTERVAL_MS = 60_000;

/** Bytes a process copy occupies in memory (the LRU's size). */
export function servedSnapshotBytes(s: ServedSnapshot | 'missing'): number {
  if (s === 'missing') return 100;
  // The memory each buffer holds on to, which may be more than its length.
  const held = (b: Buffer) => Math.max(b.length, b.buffer.byteLength);
  return held(s.body) + held(s.gzip) + held(s.br) + s.etag.length + ENTRY_OVERHEAD_BYTES;
}

export function compressSnapshot(etag: string, body: string): ServedSnapshot {
  const raw = Buffer.from(body);
  // zlib answers a view of its 16 KB output chunk: a copy of the exact size is what a process keeps.
  const gzip = Buffer.from(gzipSync(raw, { level: 6 }));
  // Quality 5 compresses JSON within a few percent of 11 at a fraction of the time.
  const br = Buffer.from(
    brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  );
  const base = { ...WIDGET_SNAPSHOT_HEADERS, ETag: etag };
  return {
    etag,
    body: raw,
    gzip,
    br,
    headers: {
      identity: Object.freeze({ ...base, 'Content-Length': raw.length }),
      gzip: Object.freeze({ ...base, 'Content-Encoding': 'gzip', 'Content-Length': gzip.length }),
      br: Object.freeze({ ...base, 'Content-Encoding': 'br', 'Content-Length': br.length }),
      notModified: Object.freeze(base),
    },
  };
}

/**
 * Finds a widget's snapshot: process memory first (a few seconds), then the shared cache, then the
 * database. Unknown keys are remembered briefly too, so a bogus key cannot hammer the database.
 * When the database (or the cache) cannot answer, the last good copy answers however old it is: this
 * process's, else the shared cache's; a key never seen stays a miss.
 */
export class WidgetLookup {
  /**
   * Expired copies stay (until the LRU evicts them) so that an unchanged snapshot keeps its compressed forms:
   * every few seconds a busy widget is checked against the shared cache, and only a new ETag costs gzip and
   * brotli again.
   */
  private readonly memory: LRUCache<string, ServedSnapshot | 'missing'>;
  /** Store ids' widget keys; expired ones stay (until pushed out) to answer through an outage. */
  private readonly storeKeys: LRUCache<string, string | 'missing'>;
  private readonly now: () => number;
  /** The LRUs' clock (performance.now unless a test gives one). */
  private readonly clock: () => number;
  private readonly logger: Logger | undefined;
  private lastStaleLog = -Infinity;
  /**
   * Lookups under way, by key: when a copy's 5 s end under load, every request for it in the meantime
   * waits for the one lookup (one shared-cache read, or one database query a minute) instead of each
   * starting its own.
   */
  private readonly pending = new Map<string, Promise<Found>>();

  constructor(
    private readonly cache: CachePort,
    private readonly snapshots: SnapshotsRepository,
    private readonly widgets: WidgetRepository,
    options: {
      /** Millisecond clock of the process copy's lifetime and the shared copy's age, for tests. */
      now?: () => number;
      logger?: Logger;
      /** Bytes of snapshots this process keeps (MEMORY_MAX_BYTES unless told). */
      maxBytes?: number;
    } = {},
  ) {
    const { now } = options;
    this.now = now ?? Date.now;
    this.clock = now ?? (() => performance.now());
    this.logger = options.logger;
    const clock = now ? { perf: { now }, ttlResolution: 0 } : {};
    this.memory = new LRUCache({
      maxSize: options.maxBytes ?? MEMORY_MAX_BYTES,
      sizeCalculation: servedSnapshotBytes,
      ttl: MEMORY_TTL_MS,
      noDeleteOnStaleGet: true,
      ...clock,
    });
    this.storeKeys = new LRUCache({ max: 20_000, ttl: 60_000, noDeleteOnStaleGet: true, ...clock });
  }

  /** Bytes of snapshots this process holds (at most `maxBytes`). */
  heldBytes(): number {
    return this.memory.calculatedSize;
  }

  /** Synchronous peek for the hot path: no promise, no allocation when the process has it. */
  peek(key: string): ServedSnapshot | 'missing' | undefined {
    return this.memory.get(key);
  }

  async byKey(key: string): Promise<ServedSnapshot | undefined> {
    return (await this.find(key)).served;
  }

  /** The snapshot and the tier that had it (for the metrics: how often each tier answers). */
  find(key: string): Promise<Found> {
    const mem = this.memory.get(key);
    if (mem)
      return Promise.resolve(
        mem === 'missing' ? { served: undefined, tier: 'none' } : { served: mem, tier: 'memory' },
      );
    const under = this.pending.get(key);
    if (under) return under;
    const lookup = this.load(key).finally(() => {
      if (this.pending.get(key) === lookup) this.pending.delete(key);
    });
    this.pending.set(key, lookup);
    return lookup;
  }

  /** The shared cache, then the database; the process copy is set from what they say. */
  private async load(key: string): Promise<Found> {
    let tier: SnapshotTier = 'cache';
    const shared = await this.cache.get<SharedEntry>(cacheKeys.widgetInit(key));
    let entry =
      shared && (shared.at === undefined || this.now() - shared.at < SHARED_FRESH_MS) ? shared : undefined;
    if (!entry) {
      tier = 'database';
      let row;
      try {
        row = await this.snapshots.findByWidgetKey(key);
      } catch (err) {
        return this.lastGood(key, shared, err);
      }
      if (row) {
        entry = { etag: row.etag, body: row.body, at: this.now() };
        await this.cache.set(cacheKeys.widgetInit(key), entry, SHARED_TTL_SECONDS);
      }
    }
    if (!entry) {
      this.memory.set(key, 'missing');
      return { served: undefined, tier: 'none' };
    }
    const served = this.served(key, entry);
    this.memory.set(key, served);
    return { served, tier };
  }

  /** The process copy when it holds this version (its compressed forms are reused), else a new one. */
  private served(key: string, entry: SharedEntry): ServedSnapshot {
    const previous = this.memory.get(key, { allowStale: true });
    return previous !== undefined && previous !== 'missing' && previous.etag === entry.etag
      ? previous
      : compressSnapshot(entry.etag, entry.body);
  }

  /**
   * The database failed: the last good copy this process holds, else the shared cache's (however old), else
   * the error (a key never seen). A copy found is served from memory for OUTAGE_RETRY_MS before trying again.
   */
  private lastGood(
    key: string,
    shared: SharedEntry | undefined,
    err: unknown,
  ): { served: ServedSnapshot | undefined; tier: SnapshotTier; unavailable: true } {
    const held = this.memory.get(key, { allowStale: true });
    const served =
      held !== undefined && held !== 'missing' ? held : shared ? this.served(key, shared) : undefined;
    const now = this.now();
    if (now - this.lastStaleLog >= STALE_LOG_INTERVAL_MS) {
      this.lastStaleLog = now;
      this.logger?.warn(
        { err, key },
        served
          ? 'widget snapshot lookup failed; serving the last good copies until it answers'
          : 'widget snapshot lookup failed and no copy is held; answering a miss',
      );
    }
    if (!served) return { served: undefined, tier: 'none', unavailable: true };
    this.memory.set(key, served, { ttl: OUTAGE_RETRY_MS });
    return { served, tier: 'stale', unavailable: true };
  }

  /** The widget key of a platform store, 'not_connected' when it has no Instagram account yet. */
  async keyForStore(
    platform: StorePlatform | undefined,
    storeId: string,
  ): Promise<string | 'not_connected' | undefined> {
    const memoKey = `${platform ?? '*'}:${storeId}`;
    const memo = this.storeKeys.get(memoKey);
    if (memo) return memo === 'missing' ? undefined : memo;
    const platforms: StorePlatform[] = platform ? [platform] : ['salla', 'zid'];
    let found: string | 'not_connected' | undefined;
    try {
      for (const p of platforms) {
        const key = await this.widgets.widgetKeyForStore(p, storeId);
        if (key === null) found ??= 'not_connected';
        else if (key !== undefined) {
          found = key;
          break;
        }
      }
    } catch (err) {
      // The database cannot answer: a store's key known before still finds its last good snapshot.
      const known = this.storeKeys.get(memoKey, { allowStale: true });
      if (known !== undefined && known !== 'missing') return known;
      throw err;
    }
    // "Not connected yet" is not remembered: the storefront shows the widget as soon as Instagram is.
    if (found !== 'not_connected') this.storeKeys.set(memoKey, found ?? 'missing');
    return found;
  }

  /** Forget what this process knows of a store (it was just linked); other processes within a minute. */
  forgetStore(platform: StorePlatform, storeId: string): void {
    this.storeKeys.delete(`${platform}:${storeId}`);
    this.storeKeys.delete(`*:${storeId}`);
  }

  /**
   * Forget a key here at once (this process rebuilt it); other processes notice within seconds. The copy
   * stays, past its time: it is still the last good answer should the database go before the next lookup.
   */
  forget(key: string): void {
    // A lookup already under way may have read the old version: later requests start their own.
    this.pending.delete(key);
    const held = this.memory.get(key, { allowStale: true });
    this.memory.delete(key);
    if (held !== undefined && held !== 'missing') {
      this.memory.set(key, held, { ttl: 1, start: this.clock() - 2 });
    }
  }
}
