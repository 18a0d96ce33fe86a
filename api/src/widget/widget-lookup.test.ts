import { describe, expect, it, vi } from 'vitest';
import { cacheKeys } from '../cache/cache.port.js';
import { MemoryCache } from '../cache/memory.cache.js';
import type { SnapshotRow, SnapshotsRepository } from '../content/snapshots.repository.js';
import type { WidgetRepository } from './widget.repository.js';
import {
  MEMORY_TTL_MS,
  OUTAGE_RETRY_MS,
  WidgetLookup,
  compressSnapshot,
  servedSnapshotBytes,
} from './widget-lookup.js';

/** What node-postgres throws when the server refuses the connection. */
function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });
}

function setup(options: { maxBytes?: number } = {}) {
  let time = 1_000;
  const now = () => time;
  const cache = new MemoryCache({ maxBytes: 1_000_000, now });
  const row: SnapshotRow = {
    merchantId: '00000000-0000-4000-8000-000000000001',
    publicWidgetKey: 'wk_test',
    body: JSON.stringify({ posts: ['a', 'b'] }),
    etag: '"v1"',
    version: 1,
    builtAt: new Date(0),
  };
  const findByWidgetKey = vi.fn((key: string) =>
    Promise.resolve(key === row.publicWidgetKey ? row : undefined),
  );
  const snapshots = { findByWidgetKey } as unknown as SnapshotsRepository;
  const lookup = new WidgetLookup(cache, snapshots, {} as WidgetRepository, { now, ...options });
  return { lookup, cache, row, snapshots, now, findByWidgetKey, advance: (ms: number) => (time += ms) };
}

describe('WidgetLookup', () => {
  it('keeps the compressed forms of an unchanged snapshot when its process copy is checked again', async () => {
    const { lookup, cache, advance } = setup();
    const first = await lookup.byKey('wk_test');
    expect(first?.etag).toBe('"v1"');
    expect(lookup.peek('wk_test')).toBe(first);

    advance(6_000); // past the process copy's 5 s
    expect(lookup.peek('wk_test')).toBeUndefined();
    const getShared = vi.spyOn(cache, 'get');
    const again = await lookup.byKey('wk_test');
    expect(getShared).toHaveBeenCalledWith(cacheKeys.widgetInit('wk_test'));
    expect(again).toBe(first);
    expect(lookup.peek('wk_test')).toBe(first);
  });

  it('compresses again when the shared copy has a new version', async () => {
    const { lookup, cache, advance } = setup();
    const first = await lookup.byKey('wk_test');
    const body = JSON.stringify({ posts: ['c'] });
    await cache.set(cacheKeys.widgetInit('wk_test'), { etag: '"v2"', body }, 60);

    advance(6_000);
    const next = await lookup.byKey('wk_test');
    expect(next).not.toBe(first);
    expect(next?.etag).toBe('"v2"');
    expect(next?.body.toString()).toBe(body);
    expect(next?.headers.br['Content-Length']).toBe(next?.br.length);
  });

  it('answers requests that arrive during one lookup from that lookup', async () => {
    const { lookup, cache, findByWidgetKey, advance } = setup();
    const answers = await Promise.all(Array.from({ length: 20 }, () => lookup.byKey('wk_test')));
    expect(findByWidgetKey).toHaveBeenCalledTimes(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]?.etag).toBe('"v1"');

    advance(6_000); // the process copy's 5 s are over: one shared-cache read for all of them
    const getShared = vi.spyOn(cache, 'get');
    const again = await Promise.all(Array.from({ length: 20 }, () => lookup.find('wk_test')));
    expect(getShared).toHaveBeenCalledTimes(1);
    expect(again.every((found) => found.served === answers[0] && found.tier === 'cache')).toBe(true);
    // Done: the next miss starts a lookup of its own.
    advance(6_000);
    await lookup.byKey('wk_test');
    expect(getShared).toHaveBeenCalledTimes(2);
  });

  it('a lookup started before a rebuild is not joined after it', async () => {
    const { lookup, cache, advance } = setup();
    await lookup.byKey('wk_test');
    advance(6_000);
    const before = lookup.byKey('wk_test'); // reads the shared copy of v1
    await cache.set(cacheKeys.widgetInit('wk_test'), { etag: '"v2"', body: '{"posts":[]}' }, 60);
    lookup.forget('wk_test');
    const after = await lookup.byKey('wk_test');
    expect(after?.etag).toBe('"v2"');
    await before;
  });

  it('remembers an unknown key briefly, then asks the database again', async () => {
    const { lookup, findByWidgetKey, advance } = setup();
    expect(await lookup.byKey('wk_unknown')).toBeUndefined();
    expect(await lookup.byKey('wk_unknown')).toBeUndefined();
    expect(findByWidgetKey).toHaveBeenCalledTimes(1);
    advance(6_000);
    expect(await lookup.byKey('wk_unknown')).toBeUndefined();
    expect(findByWidgetKey).toHaveBeenCalledTimes(2);
  });
});

describe('WidgetLookup through a database outage', () => {
  it('serves the last good snapshot however old when the lookup throws, and the new one once it answers', async () => {
    const { lookup, row, findByWidgetKey, advance } = setup();
    const good = await lookup.byKey('wk_test');
    expect(good?.etag).toBe('"v1"');

    // An hour later (the shared copy is long past its minute) the database is gone.
    advance(3_600_000);
    findByWidgetKey.mockRejectedValue(connectionRefused());
    const during = await lookup.find('wk_test');
    expect(during).toMatchObject({ tier: 'stale', unavailable: true });
    expect(during.served).toBe(good);
    // The hot path serves it for a second without asking the database again.
    expect(lookup.peek('wk_test')).toBe(good);
    advance(OUTAGE_RETRY_MS + 1);
    expect(lookup.peek('wk_test')).toBeUndefined();
    expect((await lookup.find('wk_test')).tier).toBe('stale');
    expect(findByWidgetKey).toHaveBeenCalledTimes(3);

    // Back, with a version saved meanwhile (the outage's rebuild deleted nothing: the database was down).
    findByWidgetKey.mockResolvedValue({ ...row, etag: '"v2"', body: '{"posts":["c"]}' });
    advance(OUTAGE_RETRY_MS + 1);
    // The shared copy written before the outage is an hour old: not trusted, the database is asked.
    const after = await lookup.find('wk_test');
    expect(after.tier).toBe('database');
    expect(after.served?.etag).toBe('"v2"');
  });

  it('a copy forgotten after a rebuild is not served while fresh, but still answers an outage', async () => {
    const { lookup, findByWidgetKey, cache } = setup();
    const good = await lookup.byKey('wk_test');
    // A settings save rebuilt the snapshot: this process forgets its copy, the shared one is deleted.
    lookup.forget('wk_test');
    await cache.del(cacheKeys.widgetInit('wk_test'));
    expect(lookup.peek('wk_test')).toBeUndefined();
    findByWidgetKey.mockRejectedValue(connectionRefused());
    const during = await lookup.find('wk_test');
    expect(during.tier).toBe('stale');
    expect(during.served).toBe(good);
  });

  it("a process that never held the key serves the shared cache's last good copy", async () => {
    const { lookup, cache, snapshots, now, findByWidgetKey, advance } = setup();
    await lookup.byKey('wk_test'); // writes the shared copy
    advance(10 * 60_000);
    findByWidgetKey.mockRejectedValue(connectionRefused());
    const fresh = new WidgetLookup(cache, snapshots, {} as WidgetRepository, { now });
    const found = await fresh.find('wk_test');
    expect(found.tier).toBe('stale');
    expect(found.served?.etag).toBe('"v1"');
    expect(found.served?.body.toString()).toBe(JSON.stringify({ posts: ['a', 'b'] }));
  });

  it('a key never seen stays a miss, and is not remembered as missing', async () => {
    const { lookup, findByWidgetKey } = setup();
    findByWidgetKey.mockRejectedValueOnce(connectionRefused());
    expect(await lookup.find('wk_test')).toEqual({ served: undefined, tier: 'none', unavailable: true });
    // The database is back at once: the key is found, not the outage's miss.
    expect((await lookup.find('wk_test')).served?.etag).toBe('"v1"');
  });

  it('a store id resolved before keeps its widget key through the outage', async () => {
    let time = 0;
    const widgetKeyForStore = vi.fn(() => Promise.resolve<string | null | undefined>('wk_test'));
    const lookup = new WidgetLookup(
      new MemoryCache({ maxBytes: 1_000_000 }),
      {} as SnapshotsRepository,
      { widgetKeyForStore } as unknown as WidgetRepository,
      { now: () => time },
    );
    expect(await lookup.keyForStore('salla', '123')).toBe('wk_test');
    time += 3_600_000;
    widgetKeyForStore.mockRejectedValue(connectionRefused());
    expect(await lookup.keyForStore('salla', '123')).toBe('wk_test');
    await expect(lookup.keyForStore('salla', '999')).rejects.toThrow('ECONNREFUSED');
  });

  it('keeps snapshots by bytes: the least recently used go first, however many fit', async () => {
    // About the shape of a feed of a dozen posts.
    const body = JSON.stringify({
      posts: Array.from({ length: 12 }, (_, i) => ({
        id: `1790${i}`,
        caption: `Post ${i} `.repeat(20),
        media: `/media/${'ab'.repeat(16)}${i}.webp`,
      })),
    });
    const one = servedSnapshotBytes(compressSnapshot('"x"', body));
    // Room for three of them.
    const { lookup, cache, findByWidgetKey, advance } = setup({ maxBytes: Math.floor(one * 3.5) });
    findByWidgetKey.mockImplementation((key: string) =>
      Promise.resolve({
        merchantId: 'm',
        publicWidgetKey: key,
        body,
        etag: `"${key}"`,
        version: 1,
        builtAt: new Date(0),
      }),
    );
    for (const k of ['wk_a', 'wk_b', 'wk_c']) await lookup.byKey(k);
    advance(MEMORY_TTL_MS * 100);
    await lookup.byKey('wk_a'); // used again: wk_b is now the oldest
    await lookup.byKey('wk_d');
    findByWidgetKey.mockRejectedValue(connectionRefused());
    advance(MEMORY_TTL_MS * 100);
    // Without the shared cache's copies, only what this process kept answers.
    for (const k of ['wk_a', 'wk_b', 'wk_c', 'wk_d']) await cache.del(cacheKeys.widgetInit(k));
    const tiers = await Promise.all(
      ['wk_a', 'wk_b', 'wk_c', 'wk_d'].map(async (k) => (await lookup.find(k)).tier),
    );
    // wk_b, the least recently used, was pushed out to make room for wk_d.
    expect(tiers).toEqual(['stale', 'none', 'stale', 'stale']);
    expect(lookup.heldBytes()).toBeLessThanOrEqual(Math.floor(one * 3.5));
  });
});
