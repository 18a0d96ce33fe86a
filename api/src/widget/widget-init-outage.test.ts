import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from '../cache/memory.cache.js';
import type { SnapshotRow, SnapshotsRepository } from '../content/snapshots.repository.js';
import { silentLogger } from '../testing/backends.js';
import type { WidgetRepository } from './widget.repository.js';
import { createWidgetInitHandler } from './widget-init.handler.js';
import { WidgetLookup } from './widget-lookup.js';

/** What node-postgres throws, wrapped as Drizzle wraps it, when the server refuses the connection. */
function refused(): Error {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
    syscall: 'connect',
  });
  return new Error('Failed query: select …', { cause });
}

describe('GET /api/widget/init while the database cannot be reached', () => {
  let time = 1_000_000;
  const row: SnapshotRow = {
    merchantId: '00000000-0000-4000-8000-000000000001',
    publicWidgetKey: 'wk_outage',
    body: JSON.stringify({ status: 'success', data: { posts: ['a'] } }),
    etag: '"v1"',
    version: 1,
    builtAt: new Date(0),
  };
  const findByWidgetKey = vi.fn((key: string) =>
    Promise.resolve(key === row.publicWidgetKey ? row : undefined),
  );
  const widgetKeyForStore = vi.fn((_platform: string, id: string) =>
    Promise.resolve(id === '42' ? row.publicWidgetKey : undefined),
  );
  const lookup = new WidgetLookup(
    new MemoryCache({ maxBytes: 1_000_000, now: () => time }),
    { findByWidgetKey } as unknown as SnapshotsRepository,
    { widgetKeyForStore } as unknown as WidgetRepository,
    { now: () => time },
  );
  const handle = createWidgetInitHandler(lookup, silentLogger);
  const server = http.createServer((req, res) => {
    if (!handle(req, res)) res.writeHead(404).end();
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/widget/init`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers the last good snapshot, however old, with stale-if-error; a key never seen is a quick miss', async () => {
    const before = await fetch(`${base}?key=wk_outage`);
    expect(before.status).toBe(200);
    const good = await before.text();
    expect((await fetch(`${base}?store_id=42&platform=salla`)).status).toBe(200);

    time += 24 * 3_600_000; // a day later, every copy is past its time
    findByWidgetKey.mockRejectedValue(refused());
    widgetKeyForStore.mockRejectedValue(refused());

    for (const url of [`${base}?key=wk_outage`, `${base}?store_id=42&platform=salla`]) {
      const during = await fetch(url);
      expect(during.status).toBe(200);
      expect(await during.text()).toBe(good);
      expect(during.headers.get('etag')).toBe('"v1"');
      expect(during.headers.get('cache-control')).toContain('stale-if-error=86400');
    }

    for (const url of [`${base}?key=wk_never_seen`, `${base}?store_id=7&platform=salla`]) {
      const miss = await fetch(url);
      expect(miss.status).toBe(404);
      expect(((await miss.json()) as { error: { code: string } }).error.code).toBe('widget_not_found');
      // Kept by no cache: the widget shows as soon as the database answers.
      expect(miss.headers.get('cache-control')).toBe('no-store');
    }
  });
});
