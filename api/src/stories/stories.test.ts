import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  TIER_IDS,
  ZApiError,
  ZHighlightsList,
  ZMerchantHighlight,
  ZStoriesList,
  ZWidgetInit,
  type TMerchantHighlight,
} from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { instagramConnections, instagramStories, users } from '../db/schema.js';
import { startFakeCdn, type FakeCdn, SMALL_PHOTO } from '../testing/fake-cdn.js';
import { signInForTest } from '../testing/sign-in.js';
import { createServices } from '../services.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import { connectWithInstagram, openInstagramWorld, type InstagramWorld } from '../testing/instagram-world.js';
import { STORY_POLL_INTERVAL_MS, STORY_POLL_RETRY_MS } from './stories.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHOP = {
  code: 'code-stories',
  userId: '17841400000000101',
  username: 'stories.shop',
  accountType: 'BUSINESS',
  posts: 4,
  stories: 3,
} as const;
const OTHER = { ...SHOP, code: 'code-other', userId: '17841400000000102', username: 'other.shop' };

interface Merchant {
  userId: string;
  call(method: string, url: string, body?: unknown): Promise<Response>;
  /** A bearer token valid at the world's current time (tests move the clock past a token's life). */
  token(): Promise<string>;
}

type World = InstagramWorld;

/** Signs a merchant in and connects their account through the fake's authorize step. */
async function connectedMerchant(w: World, email: string, code: string = SHOP.code): Promise<Merchant> {
  const signedIn = () => signInForTest(w.runtime, w.http.url, email);
  const first = await signedIn();
  const merchant: Merchant = {
    userId: first.userId,
    call: async (method, url, body) => (await signedIn()).call(method, url, body),
    token: async () => (await signedIn()).accessToken,
  };
  w.ig.consent = code;
  await connectWithInstagram(w, merchant.call);
  return merchant;
}

const json = async <T>(res: Response, parse: (v: unknown) => T): Promise<T> => parse(await res.json());
const stories = async (m: Merchant) =>
  json(await m.call('GET', '/api/merchant/stories'), (v) => {
    const parsed = ZStoriesList.safeParse(v);
    if (!parsed.success) throw new Error(`not a stories list: ${JSON.stringify(v)}`);
    return parsed.data;
  });
const highlights = async (m: Merchant) =>
  (await json(await m.call('GET', '/api/merchant/highlights'), ZHighlightsList.parse)).highlights;
const errorCode = async (res: Response) => ZApiError.parse(await res.json()).error.code;

async function widgetOf(w: World, userId: string) {
  const account = (await w.repos.accounts.findByUserId(userId))!;
  const res = await fetch(`${w.http.url}/api/widget/init?key=${account.publicWidgetKey}`);
  return { key: account.publicWidgetKey, init: ZWidgetInit.parse(await res.json()) };
}

describe.each(databaseBackends)('stories archived into highlights on $name', (backend) => {
  let cdn: FakeCdn;
  beforeAll(async () => {
    cdn = await startFakeCdn({ photo: SMALL_PHOTO });
  });
  afterAll(async () => {
    await cdn.close();
  });

  /** Runs a test in a world of its own, closed whatever happens. */
  const inWorld = (fn: (w: World) => Promise<void>, env?: Record<string, string>) => async () => {
    const w = await openInstagramWorld(backend, cdn, { accounts: [SHOP, OTHER], env });
    try {
      await fn(w);
    } finally {
      await w.close();
    }
  };

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
      expect(JSON.stringify(archive)).not.toContain(cdn.baseUrl);
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
    'polls whatever the plan, but the archive and highlights API answer 403 plan_required without Pro',
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'basic@shop.sa');
      await w.repos.subscriptions.replaceActive({
        userId: merchant.userId,
        tierId: TIER_IDS.basic,
        source: 'direct',
        startDate: w.clock.now(),
        endDate: new Date(w.clock.now().getTime() + 30 * DAY),
      });
      expect(await w.services.stories.pollDue()).toMatchObject({ polled: 1, archived: 3 });
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/merchant/stories'],
        ['GET', '/api/merchant/highlights'],
        ['POST', '/api/merchant/highlights', { title: 'Offers' }],
        ['DELETE', `/api/merchant/stories/${crypto.randomUUID()}`],
      ];
      for (const [method, url, body] of calls) {
        const res = await merchant.call(method, url, body);
        expect(res.status).toBe(403);
        expect(await errorCode(res)).toBe('plan_required');
      }
      // Upgrading makes the stories archived meanwhile available.
      await w.repos.subscriptions.replaceActive({
        userId: merchant.userId,
        tierId: TIER_IDS.pro,
        source: 'direct',
        startDate: w.clock.now(),
        endDate: new Date(w.clock.now().getTime() + 30 * DAY),
      });
      expect((await stories(merchant)).stories).toHaveLength(3);
      const after = await merchant.call('GET', '/api/merchant/stories', undefined);
      expect(after.status).toBe(200);
      // Read to the end, so the world's server has no half-read answer to wait for when it closes.
      await after.arrayBuffer();
    }),
  );

  it(
    'creates, renames, reorders, fills and deletes highlights; the widget snapshot follows each change',
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'crud@shop.sa');
      await w.services.stories.pollDue();
      const [newest, middle, oldest] = (await stories(merchant)).stories.map((s) => s.id);
      const version = async () => (await widgetOf(w, merchant.userId)).init.data.version;

      const v0 = await version();
      const created = await merchant.call('POST', '/api/merchant/highlights', {
        title: '  العروض ',
        story_ids: [oldest, newest],
        cover_story_id: middle,
      });
      expect(created.status).toBe(201);
      const offers = ZMerchantHighlight.parse(await created.json());
      expect(offers).toMatchObject({
        kind: 'custom',
        title: 'العروض',
        story_ids: [oldest, newest],
        cover_source: 'story',
        cover_story_id: middle,
        enabled: true,
      });
      expect(await version()).toBeGreaterThan(v0);

      const second = ZMerchantHighlight.parse(
        await (
          await merchant.call('POST', '/api/merchant/highlights', { title: 'Reviews', story_ids: [middle] })
        ).json(),
      );
      expect(second.cover_source).toBe('auto');
      // Latest first (made automatically), then in creation order.
      expect((await highlights(merchant)).map((h) => [h.kind, h.title, h.position])).toEqual([
        ['latest', 'الأحدث', 0],
        ['custom', 'العروض', 1],
        ['custom', 'Reviews', 2],
      ]);

      // Rename, reorder (Reviews to the front) and replace the stories in one PATCH.
      const patched = await merchant.call('PATCH', `/api/merchant/highlights/${second.id}`, {
        title: 'آراء العملاء',
        position: 0,
        story_ids: [newest, middle],
      });
      expect(patched.status).toBe(200);
      expect(ZMerchantHighlight.parse(await patched.json()).story_ids).toEqual([newest, middle]);
      expect((await highlights(merchant)).map((h) => [h.title, h.position])).toEqual([
        ['آراء العملاء', 0],
        ['الأحدث', 1],
        ['العروض', 2],
      ]);
      const { key, init } = await widgetOf(w, merchant.userId);
      expect(init.data.content.highlights.map((h) => [h.title, h.stories_count])).toEqual([
        ['آراء العملاء', 2],
        ['الأحدث', 3],
        ['العروض', 2],
      ]);
      const played = await fetch(`${w.http.url}/api/widget/highlights/${offers.id}/stories?key=${key}`);
      expect(((await played.json()) as { stories: { id: string }[] }).stories.map((s) => s.id)).toEqual([
        oldest,
        newest,
      ]);

      // Refusals, each with its code.
      const latest = (await highlights(merchant)).find((h) => h.kind === 'latest')!;
      const refusals: [string, string, unknown, number, string][] = [
        [
          'PATCH',
          `/api/merchant/highlights/${offers.id}`,
          { story_ids: [crypto.randomUUID()] },
          400,
          'unknown_stories',
        ],
        [
          'PATCH',
          `/api/merchant/highlights/${offers.id}`,
          { story_ids: [oldest, oldest] },
          400,
          'invalid_input',
        ],
        ['PATCH', `/api/merchant/highlights/${offers.id}`, { title: '' }, 400, 'invalid_input'],
        ['PATCH', `/api/merchant/highlights/${offers.id}`, { colour: 'red' }, 400, 'invalid_input'],
        [
          'PATCH',
          `/api/merchant/highlights/${latest.id}`,
          { story_ids: [oldest] },
          409,
          'highlight_automatic',
        ],
        ['PATCH', `/api/merchant/highlights/${offers.id}`, { enabled: false }, 409, 'highlight_automatic'],
        ['DELETE', `/api/merchant/highlights/${latest.id}`, undefined, 409, 'highlight_automatic'],
        [
          'PATCH',
          `/api/merchant/highlights/${crypto.randomUUID()}`,
          { title: 'x' },
          404,
          'merchant_highlight_not_found',
        ],
        ['PATCH', '/api/merchant/highlights/not-an-id', { title: 'x' }, 400, 'invalid_input'],
      ];
      for (const [method, url, body, status, code] of refusals) {
        const res = await merchant.call(method, url, body);
        expect([url, res.status]).toEqual([url, status]);
        expect(await errorCode(res)).toBe(code);
      }

      // Another merchant can neither see nor change these highlights, nor use these stories.
      const stranger = await connectedMerchant(w, 'stranger@shop.sa', OTHER.code);
      const foreign = await stranger.call('PATCH', `/api/merchant/highlights/${offers.id}`, {
        title: 'Mine',
      });
      expect(foreign.status).toBe(404);
      const borrowed = await stranger.call('POST', '/api/merchant/highlights', {
        title: 'x',
        story_ids: [oldest],
      });
      expect(await errorCode(borrowed)).toBe('unknown_stories');
      expect((await highlights(stranger)).map((h) => h.kind)).toEqual(['latest']);

      // Latest switched off leaves the strip; deleting a custom highlight closes the gap.
      await merchant.call('PATCH', `/api/merchant/highlights/${latest.id}`, { enabled: false });
      expect((await merchant.call('DELETE', `/api/merchant/highlights/${second.id}`)).status).toBe(204);
      expect((await highlights(merchant)).map((h) => [h.title, h.position, h.enabled])).toEqual([
        ['الأحدث', 0, false],
        ['العروض', 1, true],
      ]);
      expect((await widgetOf(w, merchant.userId)).init.data.content.highlights.map((h) => h.title)).toEqual([
        'العروض',
      ]);
      // A highlight the widget does not show answers 404 to visitors.
      const hidden = await fetch(`${w.http.url}/api/widget/highlights/${latest.id}/stories?key=${key}`);
      expect(hidden.status).toBe(404);
    }),
  );

  it(
    'takes an uploaded cover (stored with renditions) and refuses what is not an image',
    inWorld(async (w) => {
      const merchant = await connectedMerchant(w, 'cover@shop.sa');
      await w.services.stories.pollDue();
      const [story] = (await stories(merchant)).stories;
      const h = ZMerchantHighlight.parse(
        await (
          await merchant.call('POST', '/api/merchant/highlights', { title: 'New', story_ids: [story!.id] })
        ).json(),
      );
      const upload = async (bytes: Buffer, type: string) =>
        fetch(`${w.http.url}/api/merchant/highlights/${h.id}/cover`, {
          method: 'PUT',
          headers: { 'content-type': type, authorization: `Bearer ${await merchant.token()}` },
          body: bytes,
        });
      const uploaded = await upload(cdn.fixtures.png, 'image/png');
      expect(uploaded.status).toBe(200);
      const withCover: TMerchantHighlight = ZMerchantHighlight.parse(await uploaded.json());
      expect(withCover.cover_source).toBe('upload');
      expect(withCover.cover?.width).toBe(400);
      expect(withCover.cover?.renditions[0]?.path).toMatch(/^\/media\/[a-f0-9]{64}-320\.webp$/);
      const { init } = await widgetOf(w, merchant.userId);
      expect(init.data.content.highlights.find((x) => x.id === h.id)?.cover).toEqual(withCover.cover);

      expect(await errorCode(await upload(Buffer.from('<svg></svg>'), 'image/png'))).toBe('invalid_image');
      expect(await errorCode(await upload(cdn.fixtures.png, 'image/svg+xml'))).toBe('invalid_image');

      // Choosing a story again replaces the upload.
      const back = await merchant.call('PATCH', `/api/merchant/highlights/${h.id}`, {
        cover_story_id: story!.id,
      });
      expect(ZMerchantHighlight.parse(await back.json())).toMatchObject({
        cover_source: 'story',
        cover_story_id: story!.id,
      });
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
