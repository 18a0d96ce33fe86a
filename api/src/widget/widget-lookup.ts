import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { CachePort } from '../cache/cache.port.js';
import { cacheKeys } from '../cache/cache.port.js';
import type { SnapshotsRepository } from '../content/snapshots.repository.js';
import type { StorePlatform, WidgetRepository } from './widget.repository.js';

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
 * MEMORY_TTL_MS).
 */
export const WIDGET_SNAPSHOT_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

/** Headers every widget init answer carries. */
export const WIDGET_SNAPSHOT_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': WIDGET_SNAPSHOT_CACHE_CONTROL,
  Vary: 'Accept-Encoding',
} as const;

/** Where a widget's snapshot was found: this process, the shared cache, the database, or nowhere. */
export type SnapshotTier = 'memory' | 'cache' | 'database' | 'none';

interface SharedEntry {
  etag: string;
  body: string;
}

/** How long a process trusts its own copy; the shared cache and the database are the truth. */
export const MEMORY_TTL_MS = 5_000;
/** How long the shared cache keeps a snapshot (a rebuild deletes it sooner). */
const SHARED_TTL_SECONDS = 60;

export function compressSnapshot(etag: string, body: string): ServedSnapshot {
  const raw = Buffer.from(body);
  const gzip = gzipSync(raw, { level: 6 });
  // Quality 5 compresses JSON within a few percent of 11 at a fraction of the time.
  const br = brotliCompressSync(raw, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
  });
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
 */
export class WidgetLookup {
  /**
   * Expired copies stay (until the LRU evicts them) so that an unchanged snapshot keeps its compressed forms:
   * every few seconds a busy widget is checked against the shared cache, and only a new ETag costs gzip and
   * brotli again.
   */
  private readonly memory: LRUCache<string, ServedSnapshot | 'missing'>;
  private readonly storeKeys = new LRUCache<string, string | 'missing'>({ max: 5_000, ttl: 60_000 });

  constructor(
    private readonly cache: CachePort,
    private readonly snapshots: SnapshotsRepository,
    private readonly widgets: WidgetRepository,
    /** Millisecond clock of the process copy's lifetime, for tests. */
    options: { now?: () => number } = {},
  ) {
    const { now } = options;
    this.memory = new LRUCache({
      max: 5_000,
      ttl: MEMORY_TTL_MS,
      noDeleteOnStaleGet: true,
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    });
  }

  /** Synchronous peek for the hot path: no promise, no allocation when the process has it. */
  peek(key: string): ServedSnapshot | 'missing' | undefined {
    return this.memory.get(key);
  }

  async byKey(key: string): Promise<ServedSnapshot | undefined> {
    return (await this.find(key)).served;
  }

  /** The snapshot and the tier that had it (for the metrics: how often each tier answers). */
  async find(key: string): Promise<{ served: ServedSnapshot | undefined; tier: SnapshotTier }> {
    const mem = this.memory.get(key);
    if (mem) return mem === 'missing' ? { served: undefined, tier: 'none' } : { served: mem, tier: 'memory' };
    let tier: SnapshotTier = 'cache';
    let entry = await this.cache.get<SharedEntry>(cacheKeys.widgetInit(key));
    if (!entry) {
      tier = 'database';
      const row = await this.snapshots.findByWidgetKey(key);
      if (row) {
        entry = { etag: row.etag, body: row.body };
        await this.cache.set(cacheKeys.widgetInit(key), entry, SHARED_TTL_SECONDS);
      }
    }
    if (!entry) {
      this.memory.set(key, 'missing');
      return { served: undefined, tier: 'none' };
    }
    const previous = this.memory.get(key, { allowStale: true });
    const served =
      previous !== undefined && previous !== 'missing' && previous.etag === entry.etag
        ? previous
        : compressSnapshot(entry.etag, entry.body);
    this.memory.set(key, served);
    return { served, tier };
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
    for (const p of platforms) {
      const key = await this.widgets.widgetKeyForStore(p, storeId);
      if (key === null) found ??= 'not_connected';
      else if (key !== undefined) {
        found = key;
        break;
      }
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

  /** Forget a key here at once (this process rebuilt it); other processes notice within seconds. */
  forget(key: string): void {
    this.memory.delete(key);
  }
}
