import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { silentLogger } from '../testing/backends.js';
import { DIRECT_LOOKUPS_PER_SECOND, KEYS_RECHECK_MS, WidgetViews } from './widget-views.js';

/** Snapshots as the views read them, kept in a map, with the reads counted. */
function snapshotsOf(clock: ManualClock) {
  const rows = new Map<string, { merchantId: string; body: string; etag: string; builtAt: number }>();
  const reads = { keys: 0, etag: 0, body: 0 };
  const body = JSON.stringify({ data: { content: { feed: [{ id: 'p1', caption: '' }] } } });
  return {
    reads,
    build(key: string, merchantId: string) {
      rows.set(key, { merchantId, body, etag: `"${key}"`, builtAt: clock.now().getTime() });
    },
    repo: {
      widgetKeysBuiltSince: async (since?: Date) => {
        reads.keys++;
        return [...rows].filter(([, r]) => !since || r.builtAt >= since.getTime()).map(([k]) => k);
      },
      etagByWidgetKey: async (key: string) => {
        reads.etag++;
        return rows.get(key)?.etag;
      },
      findByWidgetKey: async (key: string) => {
        reads.body++;
        const row = rows.get(key);
        return row && { merchantId: row.merchantId, body: row.body, etag: row.etag };
      },
    },
  };
}

describe('the widgets the events endpoint knows', () => {
  it("counts a store's first beacon even when the list of keys was read a moment before its widget was built", async () => {
    const clock = new ManualClock();
    const snapshots = snapshotsOf(clock);
    snapshots.build('wk_old', 'm-old');
    const views = new WidgetViews({ snapshots: snapshots.repo as never, clock, logger: silentLogger });
    expect(await views.get('wk_made_up')).toBe('missing');
    expect(snapshots.reads.keys).toBe(1);

    clock.advance(1_000);
    snapshots.build('wk_new', 'm-new');
    const view = await views.get('wk_new');
    expect(view).toMatchObject({ userId: 'm-new', shown: true });
    expect(view !== 'missing' && [...view.posts]).toEqual(['p1']);
    // Looked up by itself, not by reading the whole list again before its time.
    expect(snapshots.reads.keys).toBe(1);
    expect(snapshots.reads.etag).toBe(1);
    // Known from now on: answered from memory.
    expect(views.get('wk_new')).toMatchObject({ userId: 'm-new' });
  });

  it('looks up made-up keys one by one only a few times a second, then reads the list again on time', async () => {
    const clock = new ManualClock();
    const snapshots = snapshotsOf(clock);
    const views = new WidgetViews({ snapshots: snapshots.repo as never, clock, logger: silentLogger });
    expect(await views.get('wk_first')).toBe('missing');
    const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => views.get(`wk_flood_${i}`)));
    expect(answers.every((a) => a === 'missing')).toBe(true);
    expect(snapshots.reads.etag).toBe(DIRECT_LOOKUPS_PER_SECOND);
    clock.advance(KEYS_RECHECK_MS);
    expect(await views.get('wk_later')).toBe('missing');
    expect(snapshots.reads.keys).toBe(2);
  });
});
