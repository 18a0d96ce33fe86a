import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZMerchantHighlight } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { instagramConnections, instagramStories, users } from '../db/schema.js';
import {
  storyWorlds,
  HOUR,
  DAY,
  SHOP,
  OTHER,
  connectedMerchant,
  stories,
  highlights,
  errorCode,
  widgetOf,
} from '../testing/stories-world.js';
import { createServices } from '../services.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import { STORY_POLL_INTERVAL_MS, STORY_POLL_RETRY_MS } from './stories.service.js';

// Reading the merchant's stories: each tick's polling, copies, retention, retries and deletion.
describe.each(databaseBackends)('stories polled and archived on $name', (backend) => {
  const worlds = storyWorlds(backend);
  const { inWorld } = worlds;

  it(
    'reads every due account in one tick, batch after batch, not one batch a tick',
    inWorld(
      async (w) => {
        const a = await connectedMerchant(w, 'batch-a@shop.sa', SHOP.code);
        const b = await connectedMerchant(w, 'batch-b@shop.sa', OTHER.code);
        expect(await w.services.stories.pollDue()).toMatchObject({ polled: 2, failed: 0 });
        for (const m of [a, b]) expect((await stories(m)).stories.length).toBeGreaterThan(0);
      },
      { REFRESH_BATCH_SIZE: '1' },
    ),
  );

  it(
    'polls a connected account, copies each new story (videos kept) and fills the Latest highlight',
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'poll@shop.sa');
      const first = await w.services.stories.pollDue();
      expect(first).toMatchObject({ polled: 1, archived: 3, failed: 0 });

      const archive = await stories(merchant);
      expect(archive.archiving).toBe(true);
      expect(archive.retention_days).toBe(90);
      expect(archive.stories).toHaveLength(3);
      // Newest first, each copied into our media store: nothing points at Instagram's CDN.
      const times = archive.stories.map((s) => s.taken_at);
      expect([...times].sort().reverse()).toEqual(times);
      expect(JSON.stringify(archive)).not.toContain(worlds.cdn.baseUrl);
      expect(archive.stories.every((s) => s.image.renditions[0]!.path.startsWith('/media/'))).toBe(true);
      const video = archive.stories.find((s) => s.media_type === 'video');
      expect(video?.video?.path).toMatch(/^\/media\/[a-f0-9]{64}\.mp4$/);

      // Not due again before the interval: no call to Instagram.
      const before = w.ig.requests.filter((r) => r.path.endsWith('/me/stories')).length;
      w.clock.advance(STORY_POLL_INTERVAL_MS - 60_000);
      expect((await w.services.stories.pollDue()).polled).toBe(0);
      expect(w.ig.requests.filter((r) => r.path.endsWith('/me/stories')).length).toBe(before);

      // Within 4 hours of the last read, a new story is read and archived once.
      w.ig.addStory(SHOP.userId);
      w.clock.advance(60_000);
      expect(STORY_POLL_INTERVAL_MS).toBeLessThanOrEqual(4 * HOUR);
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, archived: 1 });
      expect((await stories(merchant)).stories).toHaveLength(4);

      // The Latest highlight exists on its own (on by default) and the widget shows it with its stories.
      const { key, init } = await widgetOf(w, merchant.userId);
      const shown = init.data.content.highlights;
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatchObject({ title: 'الأحدث', stories_count: 4 });
      const res = await fetch(`${w.http.url}/api/widget/highlights/${shown[0]!.id}/stories?key=${key}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { stories: { id: string; timestamp: string }[] };
      // Oldest first, as a story viewer plays them.
      expect(body.stories.map((s) => s.timestamp)).toEqual([...times.reverse(), expect.any(String)]);
      expect(body.stories).toHaveLength(4);
    }),
  );

  it(
    "a merchant's manual refresh reads the stories at the next tick too, not hours later",
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'manual@shop.sa');
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, archived: 3 });
      w.ig.addStory(SHOP.userId);
      w.clock.advance(10 * 60_000);
      expect((await w.services.stories.pollDue()).polled).toBe(0);
      expect((await merchant.call('POST', '/api/merchant/refresh')).status).toBe(202);
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, archived: 1 });
    }),
  );

  it(
    'a deleted story leaves its highlights and is not archived again while Instagram still shows it',
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'delete@shop.sa');
      await w.services.stories.pollDue();
      const [first, second] = (await stories(merchant)).stories.map((s) => s.id);
      const h = ZMerchantHighlight.parse(
        await (
          await merchant.call('POST', '/api/merchant/highlights', {
            title: 'Two',
            story_ids: [first, second],
            cover_story_id: first,
          })
        ).json(),
      );
      expect((await merchant.call('DELETE', `/api/merchant/stories/${first}`)).status).toBe(204);
      expect((await stories(merchant)).stories.map((s) => s.id)).not.toContain(first);
      const after = (await highlights(merchant)).find((x) => x.id === h.id)!;
      expect(after).toMatchObject({ story_ids: [second], cover_source: 'auto' });
      // Its media references are gone from the database.
      const [row] = await w.runtime.database.db
        .select()
        .from(instagramStories)
        .where(eq(instagramStories.id, first!));
      expect(row).toMatchObject({ image: null, video: null });

      w.clock.advance(STORY_POLL_INTERVAL_MS);
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, archived: 0 });
      expect((await stories(merchant)).stories).toHaveLength(2);
      const again = await merchant.call('DELETE', `/api/merchant/stories/${first}`);
      expect(again.status).toBe(404);
      expect(await errorCode(again)).toBe('story_not_found');
    }),
  );

  it(
    'keeps stories for the configured retention; Latest holds only the last 7 days',
    inWorld(
      async (w) => {
        const merchant = await connectedMerchant(w, 'retention@shop.sa');
        await w.services.stories.pollDue();
        expect((await stories(merchant)).retention_days).toBe(10);
        const { init } = await widgetOf(w, merchant.userId);
        expect(init.data.content.highlights.map((h) => h.stories_count)).toEqual([3]);

        // Eight days on: Latest is empty (and off the strip), the archive still has all three.
        w.clock.advance(8 * DAY);
        await w.services.stories.pollDue();
        expect((await stories(merchant)).stories).toHaveLength(3);
        expect((await highlights(merchant))[0]).toMatchObject({ kind: 'latest', story_ids: [] });
        expect((await widgetOf(w, merchant.userId)).init.data.content.highlights).toEqual([]);

        // Past ten days they are gone.
        w.clock.advance(3 * DAY);
        expect((await w.services.stories.pollDue()).purged).toBe(1);
        expect((await stories(merchant)).stories).toEqual([]);
      },
      { STORIES_RETENTION_DAYS: '10' },
    ),
  );

  it(
    'a refused token asks for a reconnect; a throttled read is retried soon, not a whole interval later',
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'failing@shop.sa');
      // 17 (this account's limit) pauses this account's calls for 15 minutes, the retry interval; 4 would
      // pause the whole app for an hour.
      w.ig.failWith = { code: 17, paths: ['/me/stories'] };
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, failed: 1 });
      w.clock.advance(STORY_POLL_RETRY_MS - 60_000);
      expect((await w.services.stories.pollDue()).polled).toBe(0);
      w.clock.advance(60_000);
      w.ig.failWith = undefined;
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, archived: 3 });

      w.clock.advance(STORY_POLL_INTERVAL_MS);
      w.ig.revoke(SHOP.userId);
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, failed: 1 });
      const [row] = await w.runtime.database.db
        .select()
        .from(instagramConnections)
        .where(eq(instagramConnections.userId, merchant.userId));
      expect(row?.status).toBe('needs_reconnect');
      // No more reads with a dead token; the archive stays.
      w.clock.advance(STORY_POLL_INTERVAL_MS);
      expect((await w.services.stories.pollDue()).polled).toBe(0);
      expect((await stories(merchant)).stories).toHaveLength(3);
    }),
  );

  it(
    'two processes polling at once read each account once',
    inWorld(async (w) => {
      await connectedMerchant(w, 'one@shop.sa');
      await connectedMerchant(w, 'two@shop.sa', OTHER.code);
      const otherProcess = createServices(w.runtime, {
        mediaFetcher: new HttpMediaFetcher({ allowLoopbackForTests: true, clock: w.clock, timeoutMs: 2_000 }),
      });
      const [a, b] = await Promise.all([w.services.stories.pollDue(), otherProcess.stories.pollDue()]);
      expect(a.polled + b.polled).toBe(2);
      expect(a.archived + b.archived).toBe(6);
      expect(w.ig.requests.filter((r) => r.path.endsWith('/me/stories'))).toHaveLength(2);
    }),
  );

  it(
    "Meta's data deletion removes the account's archived stories",
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'erase@shop.sa');
      await w.services.stories.pollDue();
      await w.services.instagramConnect.deleteData({
        algorithm: 'HMAC-SHA256',
        issued_at: Math.floor(w.runtime.clock.now().getTime() / 1000),
        user_id: SHOP.userId,
      });
      const left = await w.runtime.database.db
        .select()
        .from(instagramStories)
        .where(eq(instagramStories.userId, merchant.userId));
      expect(left).toEqual([]);
      // The merchant's language names Latest: an English merchant gets "Latest".
      await w.runtime.database.db.update(users).set({ language: 'en' }).where(eq(users.id, merchant.userId));
      const fresh = await connectedMerchant(w, 'english@shop.sa', OTHER.code);
      await w.runtime.database.db.update(users).set({ language: 'en' }).where(eq(users.id, fresh.userId));
      await w.services.stories.pollDue();
      expect((await highlights(fresh))[0]?.title).toBe('Latest');
    }),
  );
});
