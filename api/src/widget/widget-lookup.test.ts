import { describe, expect, it, vi } from 'vitest';
import { cacheKeys } from '../cache/cache.port.js';
import { MemoryCache } from '../cache/memory.cache.js';
import type { SnapshotRow, SnapshotsRepository } from '../content/snapshots.repository.js';
import type { WidgetRepository } from './widget.repository.js';
import { WidgetLookup } from './widget-lookup.js';

function setup() {
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
  const lookup = new WidgetLookup(cache, snapshots, {} as WidgetRepository, { now });
  return { lookup, cache, row, findByWidgetKey, advance: (ms: number) => (time += ms) };
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
