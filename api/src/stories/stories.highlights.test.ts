import { describe, expect, it } from 'vitest';
import { TIER_IDS, ZMerchantHighlight, type TMerchantHighlight } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import {
  storyWorlds,
  DAY,
  OTHER,
  connectedMerchant,
  stories,
  highlights,
  errorCode,
  widgetOf,
} from '../testing/stories-world.js';

// The highlights a Pro merchant makes of archived stories, and the widget snapshot that follows them.
describe.each(databaseBackends)('highlights made of archived stories on $name', (backend) => {
  const worlds = storyWorlds(backend);
  const { inWorld } = worlds;

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
      const uploaded = await upload(worlds.cdn.fixtures.png, 'image/png');
      expect(uploaded.status).toBe(200);
      const withCover: TMerchantHighlight = ZMerchantHighlight.parse(await uploaded.json());
      expect(withCover.cover_source).toBe('upload');
      expect(withCover.cover?.width).toBe(400);
      expect(withCover.cover?.renditions[0]?.path).toMatch(/^\/media\/[a-f0-9]{64}-320\.webp$/);
      const { init } = await widgetOf(w, merchant.userId);
      expect(init.data.content.highlights.find((x) => x.id === h.id)?.cover).toEqual(withCover.cover);

      expect(await errorCode(await upload(Buffer.from('<svg></svg>'), 'image/png'))).toBe('invalid_image');
      expect(await errorCode(await upload(worlds.cdn.fixtures.png, 'image/svg+xml'))).toBe('invalid_image');

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
});
