import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { cacheKeys, type CacheKey, type CachePort } from '../cache/cache.port.js';
import type { Logger } from '../lib/logger.js';

/**
 * Beacons accepted per minute from one address (several visitors can share one behind a carrier's NAT,
 * and one page sends at most 7 a minute) and for one widget key (a busy store's visitors together):
 * EVENTS_LIMIT_PER_ADDRESS and EVENTS_LIMIT_PER_KEY, 120 and 6,000 by default.
 */
export interface EventLimits {
  perAddressPerMinute: number;
  perKeyPerMinute: number;
}

/** How often counts are added to the shared cache's (Redis) and its totals read back. */
export const BEACON_SYNC_INTERVAL_MS = 1_000;
/** Addresses counted in one minute before further new ones go uncounted (a flood must not eat memory). */
const MAX_ADDRESSES_PER_MINUTE = 200_000;
const WINDOW_SECONDS = 61;
/**
 * An address is added to the shared counters only once it has sent this share of its limit to this
 * process in the minute: a store visitor sends a few beacons a minute and never costs the shared cache
 * anything, while an address that could matter is shared within a second (each process may let it
 * through this much more before the others hear of it).
 */
const SHARE_ADDRESS_FROM = 1 / 8;

interface Counter {
  /** Beacons counted this minute as far as this process knows: the shared total last read plus its own since. */
  count: number;
  /** This process's own beacons not yet added to the shared counter. */
  unsynced: number;
}

/**
 * The beacons' per-minute budgets, counted in process memory so a beacon costs no round trip. With a
 * shared cache (Redis) each process adds its counts to the shared counters every second and reads the
 * totals back, so the limits hold across processes (each may let through about a second's worth more,
 * and an address an eighth of its limit before it is shared).
 * Without one the process is alone and its own counts are the truth. The per-key budget is spent only by
 * beacons the per-address check let through, for keys that exist: one address cannot use up a store's.
 */
export class BeaconBudget {
  private minute = -1;
  private readonly addresses = new Map<string, Counter>();
  private readonly keys = new Map<string, Counter>();
  private uncountedLogged = -1;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  /** Keyed hashes of addresses for the shared counters' names: no address leaves the process. */
  private readonly addressNames = new LRUCache<string, string>({ max: 10_000 });

  constructor(
    private readonly d: {
      limits: EventLimits;
      /** The cache shared by every process; absent when this process is the only one (the in-process cache). */
      shared: CachePort | undefined;
      addressSecret: Uint8Array;
      logger: Logger;
    },
  ) {}

  private roll(minute: number) {
    if (minute === this.minute) return;
    this.minute = minute;
    this.addresses.clear();
    this.keys.clear();
  }

  /** Counts a beacon from `address` (an addressSubject) in `minute`; false when the address is over its limit. */
  takeAddress(address: string, minute: number): boolean {
    this.roll(minute);
    let counter = this.addresses.get(address);
    if (!counter) {
      if (this.addresses.size >= MAX_ADDRESSES_PER_MINUTE) {
        if (this.uncountedLogged !== minute) {
          this.uncountedLogged = minute;
          this.d.logger.warn(
            'too many addresses sent beacons this minute; new ones are not limited by address',
          );
        }
        return true;
      }
      this.addresses.set(address, (counter = { count: 0, unsynced: 0 }));
    }
    return take(counter, this.d.limits.perAddressPerMinute);
  }

  /** Counts a beacon for an existing widget `key`; false when the key is over its limit this minute. */
  takeKey(key: string, minute: number): boolean {
    this.roll(minute);
    let counter = this.keys.get(key);
    if (!counter) this.keys.set(key, (counter = { count: 0, unsynced: 0 }));
    return take(counter, this.d.limits.perKeyPerMinute);
  }

  /** Adds this process's counts to the shared counters and reads the totals back (one call per counter). */
  sync(): Promise<void> {
    const shared = this.d.shared;
    if (!shared) return Promise.resolve();
    this.syncing ??= (async () => {
      const minute = this.minute;
      const work: Promise<void>[] = [];
      const push = (key: CacheKey, counter: Counter) => {
        const sent = counter.unsynced;
        if (sent === 0) return;
        work.push(
          shared.increment(key, WINDOW_SECONDS, sent).then((total) => {
            // A newer minute has started meanwhile: these counters are gone.
            if (this.minute !== minute) return;
            counter.unsynced -= sent;
            // Without an answer this process's own count stands (the limit still holds here).
            if (total !== undefined) counter.count = Math.max(counter.count, total + counter.unsynced);
          }),
        );
      };
      const worthSharing = Math.ceil(this.d.limits.perAddressPerMinute * SHARE_ADDRESS_FROM);
      for (const [address, counter] of this.addresses) {
        if (counter.count < worthSharing) continue;
        push(cacheKeys.rateLimit('widget-events-address', `${this.addressName(address)}:${minute}`), counter);
      }
      for (const [key, counter] of this.keys) {
        push(cacheKeys.rateLimit('widget-events-key', `${key}:${minute}`), counter);
      }
      await Promise.all(work);
    })().finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private addressName(address: string): string {
    let name = this.addressNames.get(address);
    if (!name) {
      name = createHmac('sha256', this.d.addressSecret).update(address).digest('base64url').slice(0, 22);
      this.addressNames.set(address, name);
    }
    return name;
  }

  /** Syncs every `intervalMs` while the server runs (only with a shared cache). */
  start(intervalMs = BEACON_SYNC_INTERVAL_MS): void {
    if (this.timer || !this.d.shared) return;
    this.timer = setInterval(() => void this.sync(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sync();
  }
}

function take(counter: Counter, limit: number): boolean {
  if (counter.count >= limit) return false;
  counter.count++;
  counter.unsynced++;
  return true;
}
