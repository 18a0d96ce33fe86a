import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import {
  TIER_IDS,
  ZApiError,
  ZMerchantPostsList,
  ZProduct,
  ZProductsList,
  ZWidgetInit,
  type TWidgetPost,
} from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { signInForTest } from '../testing/sign-in.js';
import { startFakeCdn, FAKE_CDN_PATHS, type FakeCdn } from '../testing/fake-cdn.js';
import { startFakeCatalogues } from '../testing/fake-catalogues.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import { SecretBox } from '../lib/secret-box.js';
import { webhookDeliveries } from '../db/schema.js';
import { fromSalla, fromZid } from './catalogue.js';

const DAY = 86_400_000;
const SALLA_SECRET = 'salla-webhook-secret-for-posts';
const ZID_SECRET = 'zid-webhook-secret-for-posts-0123456789';
const SALLA_TOKEN = 'salla-store-token';
const ZID_TOKENS = { authorization: 'zid-auth-token', manager: 'zid-manager-token' };

describe('platform products in our units', () => {
  it('Salla: {amount} prices in halalas, a zero sale price is none, the name under its script', () => {
    const p = fromSalla({
      id: '7',
      name: 'عباية سوداء',
      urls: { customer: 'https://shop.salla.sa/p7' },
      price: { amount: 249.5, currency: 'SAR' },
      sale_price: { amount: 0, currency: 'SAR' },
      main_image: 'https://cdn.salla.sa/7.jpg',
      is_available: true,
      quantity: 0,
    });
    expect(p).toMatchObject({
      externalId: '7',
      nameAr: 'عباية سوداء',
      nameEn: null,
      priceHalalas: 24950,
      salePriceHalalas: null,
      available: false,
      url: 'https://shop.salla.sa/p7',
    });
    expect(fromSalla({ id: 8, name: 'Scarf', price: 100, sale_price: 80 } as never)).toMatchObject({
      nameEn: 'Scarf',
      priceHalalas: 10000,
      salePriceHalalas: 8000,
    });
  });
  it('Zid: both names, numeric strings, unlimited stock and drafts', () => {
    expect(
      fromZid({
        id: 'a1',
        name: { ar: 'حقيبة', en: 'Bag' },
        price: '120.00' as never,
        sale_price: 99.99,
        html_url: 'https://zid.store/p/a1',
        images: [{ image: { large: 'https://media.zid.store/a1.jpg' } }],
        quantity: null,
        is_infinite: true,
      }),
    ).toMatchObject({
      nameAr: 'حقيبة',
      nameEn: 'Bag',
      priceHalalas: 12000,
      salePriceHalalas: 9999,
      available: true,
      imageUrl: 'https://media.zid.store/a1.jpg',
    });
    expect(fromZid({ id: 'a2', name: 'x', price: 10, is_draft: true }).available).toBe(false);
  });
});

// Each merchant's first refresh copies the demo account's media: on a busy machine that alone takes seconds.
describe.each(databaseBackends)('posts studio on $name', { timeout: 180_000 }, (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let cdn: FakeCdn;
  let catalogues: Awaited<ReturnType<typeof startFakeCatalogues>>;
  let mediaDir: string;
  const tokenKey = randomBytes(32).toString('base64');
  const box = new SecretBox(Buffer.from(tokenKey, 'base64'));

  beforeAll(async () => {
    cdn = await startFakeCdn();
    catalogues = await startFakeCatalogues({ sallaToken: SALLA_TOKEN, zid: ZID_TOKENS });
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-posts-'));
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        MEDIA_DIR: mediaDir,
        TOKEN_ENCRYPTION_KEY: tokenKey,
        SALLA_API_URL: catalogues.sallaApiUrl,
        ZID_API_URL: catalogues.zidApiUrl,
        SALLA_WEBHOOK_SECRET: SALLA_SECRET,
        ZID_WEBHOOK_SECRET: ZID_SECRET,
      },
    });
    services = createServices(runtime, {
      random: () => 0.5,
      productMediaFetcher: new HttpMediaFetcher({
        allowedHostSuffixes: ['*'],
        allowLoopbackForTests: true,
        clock: runtime.clock,
        timeoutMs: 2_000,
      }),
    });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await catalogues.close();
    await cdn.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** A merchant on a trial with an Instagram account refreshed from the demo source. */
  async function merchant(email: string, username: string) {
    const { user } = await repos.users.findOrCreate({
      email,
      trialEndsAt: new Date(runtime.clock.now().getTime() + 7 * DAY),
    });
    const connected = await services.instagramAccount.connect(user.id, username);
    if (!connected.ok) throw connected.error;
    const key = connected.value.account.publicWidgetKey;
    const refresh = async () => {
      await repos.accounts.markDue(connected.value.account.id, runtime.clock.now());
      const outcomes = await services.refresh.refreshDueAccounts();
      expect(outcomes.find((o) => o.accountId === connected.value.account.id)?.ok).toBe(true);
    };
    await refresh();
    const { call, accessToken } = await signInForTest(runtime, http.url, email);
    const json = async (method: string, url: string, body?: unknown) => {
      const res = await call(method, url, body);
      return { status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as unknown) };
    };
    const posts = async () => ZMerchantPostsList.parse((await json('GET', '/api/merchant/posts')).body);
    const feed = async (): Promise<TWidgetPost[]> => {
      const res = await fetch(`${http.url}/api/widget/init?key=${key}`);
      return ZWidgetInit.parse(await res.json()).data.content.feed;
    };
    return { userId: user.id, key, accessToken, json, posts, feed, refresh };
  }

  it('lists the posts newest first; hidden posts leave the widget at once, and come back', async () => {
    const m = await merchant('hide@shop.sa', 'hide.shop');
    const posts = await m.posts();
    expect(posts.length).toBeGreaterThan(4);
    const times = posts.map((p) => Date.parse(p.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(posts.every((p) => !p.hidden && p.pinned_position === null && p.products.length === 0)).toBe(true);
    const target = posts[1]!.id;
    const hidden = await m.json('PATCH', `/api/merchant/posts/${target}`, { hidden: true });
    expect(hidden).toMatchObject({ status: 200, body: { id: target, hidden: true } });
    expect((await m.feed()).map((p) => p.id)).not.toContain(target);
    expect((await m.posts()).find((p) => p.id === target)?.hidden).toBe(true);
    // A refresh keeps the choice: posts are keyed by their id.
    await m.refresh();
    expect((await m.feed()).map((p) => p.id)).not.toContain(target);
    await m.json('PATCH', `/api/merchant/posts/${target}`, { hidden: false });
    expect((await m.feed()).map((p) => p.id)).toContain(target);

    expect((await m.json('PATCH', '/api/merchant/posts/not-a-post', { hidden: true })).status).toBe(404);
    expect((await m.json('PATCH', `/api/merchant/posts/${target}`, { hidden: 'yes' })).status).toBe(400);
    expect((await m.json('PATCH', `/api/merchant/posts/${target}`, { pinned_position: 4 })).status).toBe(400);
    expect((await m.json('PATCH', `/api/merchant/posts/${target}`, { other: 1 })).status).toBe(400);
  });

  it('pins up to 3 posts first in the chosen order; a taken place is refused, a pinned post swaps', async () => {
    const m = await merchant('pin@shop.sa', 'pin.shop');
    const ids = (await m.posts()).map((p) => p.id);
    const [a, b, c, d] = [ids[3]!, ids[5]!, ids[1]!, ids[2]!];
    await m.json('PATCH', `/api/merchant/posts/${a}`, { pinned_position: 2 });
    await m.json('PATCH', `/api/merchant/posts/${b}`, { pinned_position: 1 });
    await m.json('PATCH', `/api/merchant/posts/${c}`, { pinned_position: 3 });
    let feed = (await m.feed()).map((p) => p.id);
    expect(feed.slice(0, 3)).toEqual([b, a, c]);
    // The rest keep their order (newest first) after the pinned ones.
    expect(feed.slice(3)).toEqual(ids.filter((id) => ![a, b, c].includes(id)).slice(0, feed.length - 3));

    const fourth = await m.json('PATCH', `/api/merchant/posts/${d}`, { pinned_position: 1 });
    expect(fourth).toMatchObject({ status: 409, body: { error: { code: 'pin_position_taken' } } });
    // Moving a pinned post onto another's place swaps them.
    await m.json('PATCH', `/api/merchant/posts/${c}`, { pinned_position: 1 });
    feed = (await m.feed()).map((p) => p.id);
    expect(feed.slice(0, 3)).toEqual([c, a, b]);
    const listed = await m.posts();
    expect(listed.find((p) => p.id === b)?.pinned_position).toBe(3);

    // Hidden wins over pinned; unpinning frees the place.
    await m.json('PATCH', `/api/merchant/posts/${a}`, { hidden: true });
    expect((await m.feed()).map((p) => p.id).slice(0, 2)).toEqual([c, b]);
    await m.json('PATCH', `/api/merchant/posts/${b}`, { pinned_position: null });
    expect((await m.json('PATCH', `/api/merchant/posts/${d}`, { pinned_position: 3 })).status).toBe(200);
  });

  it('manual products: validated, pictures copied or uploaded, linked in order, shown with utm links', async () => {
    const m = await merchant('manual@shop.sa', 'manual.shop');
    const bad = [
      { name_ar: 'x', url: 'http://shop.example.com/p', price_halalas: 100 },
      { name_ar: 'x', url: 'javascript:alert(1)', price_halalas: 100 },
      { url: 'https://shop.example.com/p', price_halalas: 100 },
      { name_ar: 'x', url: 'https://shop.example.com/p', price_halalas: 100, sale_price_halalas: 100 },
      { name_ar: 'x', url: 'https://shop.example.com/p', price_halalas: -1 },
      { name_ar: 'x', url: 'https://shop.example.com/p', price_halalas: 1.5 },
    ];
    for (const body of bad) expect((await m.json('POST', '/api/merchant/products', body)).status).toBe(400);

    // The picture URL is fetched once through the guarded fetcher (the schema asks for https; the fake CDN
    // is plain http on 127.0.0.1, so this goes to the service with the schema already passed).
    expect(
      (
        await m.json('POST', '/api/merchant/products', {
          name_en: 'x',
          url: 'https://shop.example.com/p',
          price_halalas: 100,
          image_url: cdn.url(FAKE_CDN_PATHS.jpeg),
        })
      ).status,
    ).toBe(400);
    const created = await services.posts.createManual(m.userId, {
      name_ar: 'فستان صيفي',
      name_en: 'Summer dress',
      url: 'https://shop.example.com/dress?color=blue',
      price_halalas: 19900,
      sale_price_halalas: 14900,
      image_url: cdn.url(FAKE_CDN_PATHS.jpeg),
    });
    if (!created.ok) throw created.error;
    const dress = created.value;
    expect(dress).toMatchObject({ source: 'manual', price_halalas: 19900, sale_price_halalas: 14900 });
    expect(dress.image?.renditions[0]?.path).toMatch(/^\/media\//);
    expect(cdn.requestCount(FAKE_CDN_PATHS.jpeg)).toBeGreaterThan(0);

    // A picture that is not one is refused.
    const html = await services.posts.createManual(m.userId, {
      name_en: 'Broken',
      url: 'https://shop.example.com/b',
      price_halalas: 100,
      image_url: cdn.url(FAKE_CDN_PATHS.htmlAsJpeg),
    });
    expect(!html.ok && html.error.code).toBe('product_image_failed');

    const bag = ZProduct.parse(
      (
        await m.json('POST', '/api/merchant/products', {
          name_en: 'Leather bag',
          url: 'https://shop.example.com/bag',
          price_halalas: 35000,
          available: false,
        })
      ).body,
    );
    // An uploaded picture (the bytes as the body).
    const upload = await fetch(`${http.url}/api/merchant/products/${bag.id}/image`, {
      method: 'PUT',
      headers: {
        'content-type': 'image/png',
        authorization: `Bearer ${m.accessToken}`,
      },
      body: new Uint8Array(cdn.fixtures.png),
    });
    expect(upload.status).toBe(200);
    expect(ZProduct.parse(await upload.json()).image).not.toBeNull();
    // Over the uploads' 40 MP cap (6,500 × 6,500): refused before decoding, saying why.
    const huge = await sharp({ create: { width: 6_500, height: 6_500, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooBig = await fetch(`${http.url}/api/merchant/products/${bag.id}/image`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${m.accessToken}` },
      body: new Uint8Array(huge),
    });
    expect(tooBig.status).toBe(400);
    expect(ZApiError.parse(await tooBig.json()).error).toMatchObject({
      code: 'product_image_failed',
      message: expect.stringContaining('40 megapixels') as unknown,
    });

    const search = ZProductsList.parse((await m.json('GET', '/api/merchant/products?q=dress')).body);
    expect(search.catalogue).toBe('manual');
    expect(search.products.map((p) => p.id)).toEqual([dress.id]);
    const all = ZProductsList.parse((await m.json('GET', '/api/merchant/products')).body);
    expect(all.products.map((p) => p.id)).toEqual([bag.id, dress.id]);
    // LIKE wildcards are matched literally.
    expect(ZProductsList.parse((await m.json('GET', '/api/merchant/products?q=%25')).body).products).toEqual(
      [],
    );

    const post = (await m.posts())[0]!.id;
    const linked = await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: [bag.id, dress.id] });
    expect(linked.status).toBe(200);
    expect((linked.body as { products: { id: string }[] }).products.map((p) => p.id)).toEqual([
      bag.id,
      dress.id,
    ]);
    const inWidget = (await m.feed()).find((p) => p.id === post)!;
    expect(inWidget.products?.map((p) => p.id)).toEqual([bag.id, dress.id]);
    const card = inWidget.products![1]!;
    expect(card).toMatchObject({ name_ar: 'فستان صيفي', name_en: 'Summer dress', sale_price_halalas: 14900 });
    const link = new URL(card.url);
    expect(link.origin + link.pathname).toBe('https://shop.example.com/dress');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      color: 'blue',
      utm_source: 'lamha',
      utm_medium: 'instagram',
      utm_content: post,
    });
    expect(inWidget.products![0]!.available).toBe(false);
    // Posts without products carry none.
    expect((await m.feed()).filter((p) => p.id !== post).every((p) => p.products === undefined)).toBe(true);

    // More than 5, repeats, and someone else's or unknown products are refused.
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect((await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: six })).status).toBe(400);
    expect(
      (await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: [bag.id, bag.id] })).status,
    ).toBe(400);
    expect(
      await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: [crypto.randomUUID()] }),
    ).toMatchObject({ status: 400, body: { error: { code: 'unknown_products' } } });
    expect((await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: ['salla:1'] })).status).toBe(
      400,
    );

    // Editing a product shows at once; deleting one unlinks it.
    const edited = await m.json('PATCH', `/api/merchant/products/${dress.id}`, { price_halalas: 17900 });
    expect(edited).toMatchObject({ status: 200, body: { price_halalas: 17900 } });
    expect(
      (await m.feed()).find((p) => p.id === post)!.products!.find((p) => p.id === dress.id)?.price_halalas,
    ).toBe(17900);
    expect(
      (await m.json('PATCH', `/api/merchant/products/${dress.id}`, { sale_price_halalas: 18000 })).status,
    ).toBe(400);
    expect((await m.json('DELETE', `/api/merchant/products/${bag.id}`)).status).toBe(204);
    expect((await m.feed()).find((p) => p.id === post)!.products!.map((p) => p.id)).toEqual([dress.id]);
    expect((await m.json('DELETE', `/api/merchant/products/${bag.id}`)).status).toBe(404);

    // Another merchant cannot see, edit or link these products.
    const other = await merchant('other@shop.sa', 'other.shop');
    expect(
      (await other.json('PATCH', `/api/merchant/products/${dress.id}`, { price_halalas: 1 })).status,
    ).toBe(404);
    const otherPost = (await other.posts())[0]!.id;
    expect(
      (await other.json('PATCH', `/api/merchant/posts/${otherPost}`, { product_ids: [dress.id] })).status,
    ).toBe(400);
    expect(ZProductsList.parse((await other.json('GET', '/api/merchant/products')).body).products).toEqual(
      [],
    );
  });

  it('hide and pin work on every plan; products are Pro and leave the widget when the plan lapses to Basic', async () => {
    const m = await merchant('basic@shop.sa', 'basic.shop');
    const dress = ZProduct.parse(
      (
        await m.json('POST', '/api/merchant/products', {
          name_en: 'Dress',
          url: 'https://shop.example.com/d',
          price_halalas: 100,
        })
      ).body,
    );
    const post = (await m.posts())[0]!.id;
    await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: [dress.id] });
    expect((await m.feed())[0]!.products).toHaveLength(1);

    await repos.users.update(m.userId, { trialEndsAt: null });
    await repos.subscriptions.replaceActive({
      userId: m.userId,
      tierId: TIER_IDS.basic,
      source: 'direct',
      startDate: runtime.clock.now(),
      endDate: new Date(runtime.clock.now().getTime() + 30 * DAY),
    });
    expect((await m.json('PATCH', `/api/merchant/posts/${post}`, { pinned_position: 1 })).status).toBe(200);
    expect((await m.feed())[0]!.id).toBe(post);
    expect((await m.feed())[0]!.products).toBeUndefined();
    for (const [method, url, body] of [
      ['PATCH', `/api/merchant/posts/${post}`, { product_ids: [] }],
      ['GET', '/api/merchant/products'],
      ['POST', '/api/merchant/products', { name_en: 'x', url: 'https://a.example.com', price_halalas: 1 }],
      ['DELETE', `/api/merchant/products/${dress.id}`],
    ] as const) {
      expect(await m.json(method, url, body)).toMatchObject({
        status: 403,
        body: { error: { code: 'products_plan_required' } },
      });
    }
  });

  describe('store platforms', () => {
    /** Waits until every webhook delivery has been processed (they run after the 2xx answer). */
    const settled = async () => {
      for (let i = 0; i < 100; i++) {
        const [row] = (await runtime.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.status, 'pending'))) as { n: number }[];
        if (row?.n === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('deliveries still pending');
    };

    it('Salla: keyword search with paging, link copies the product, refresh and webhooks keep it current', async () => {
      for (let i = 1; i <= 25; i++)
        catalogues.state.salla.set(String(100 + i), {
          id: String(100 + i),
          name: i === 7 ? 'عباية كحلي' : `Scarf ${i}`,
          price: 50 + i,
          salePrice: i === 7 ? 45 : null,
          url: `https://noura.salla.sa/p/${100 + i}`,
          imageUrl: cdn.url(FAKE_CDN_PATHS.jpeg),
          quantity: 10,
        });
      const m = await merchant('salla-products@shop.sa', 'salla.products');
      await repos.platformConnections.upsert('salla', '55501', m.userId, {
        accessTokenEnc: box.seal(SALLA_TOKEN),
        status: 'active',
      });

      const first = ZProductsList.parse((await m.json('GET', '/api/merchant/products')).body);
      expect(first).toMatchObject({ catalogue: 'salla', page: 1, has_more: true });
      expect(first.products).toHaveLength(20);
      expect(first.products[0]).toMatchObject({ id: 'salla:101', source: 'salla', price_halalas: 5100 });
      const second = ZProductsList.parse((await m.json('GET', '/api/merchant/products?page=2')).body);
      expect(second).toMatchObject({ page: 2, has_more: false });
      expect(second.products).toHaveLength(5);
      const found = ZProductsList.parse((await m.json('GET', '/api/merchant/products?q=عباية')).body);
      expect(found.products.map((p) => p.id)).toEqual(['salla:107']);
      expect(found.products[0]).toMatchObject({ name_ar: 'عباية كحلي', sale_price_halalas: 4500 });
      expect(catalogues.state.requests.some((r) => r.includes('keyword='))).toBe(true);

      const post = (await m.posts())[0]!.id;
      const linked = await m.json('PATCH', `/api/merchant/posts/${post}`, {
        product_ids: ['salla:107', 'salla:102'],
      });
      expect(linked.status).toBe(200);
      const [abaya, scarf] = (linked.body as { products: { id: string; image: unknown }[] }).products;
      expect(abaya!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(abaya!.image).not.toBeNull();
      // Search now answers the stored product under our id.
      const again = ZProductsList.parse((await m.json('GET', '/api/merchant/products?q=عباية')).body);
      expect(again.products[0]!.id).toBe(abaya!.id);

      // A price change and a sell-out reach the widget with the store's next content refresh.
      catalogues.state.salla.get('107')!.price = 60;
      catalogues.state.salla.get('107')!.quantity = 0;
      // The scarf gains a required option (a size): its card links to the product page only.
      catalogues.state.salla.get('102')!.requiredOption = true;
      await m.refresh();
      let cards = (await m.feed()).find((p) => p.id === post)!.products!;
      expect(cards[0]).toMatchObject({ id: abaya!.id, price_halalas: 6000, available: false });
      // Salla products carry their store and their id there: the widget's add-to-cart on that store.
      expect(cards.map((c) => c.salla)).toEqual([
        { store_id: '55501', product_id: '107' },
        { store_id: '55501', product_id: '102', needs_options: true },
      ]);

      // A product deleted on Salla is unlinked at the next refresh and becomes a notice.
      catalogues.state.salla.delete('102');
      await m.refresh();
      cards = (await m.feed()).find((p) => p.id === post)!.products!;
      expect(cards.map((c) => c.id)).toEqual([abaya!.id]);
      const list = ZProductsList.parse((await m.json('GET', '/api/merchant/products')).body);
      expect(list.removed.map((p) => p.id)).toEqual([scarf!.id]);
      expect(list.removed[0]!.removed_at).not.toBeNull();
      // Dismissing the notice deletes the copy.
      expect((await m.json('DELETE', `/api/merchant/products/${scarf!.id}`)).status).toBe(204);
      expect(ZProductsList.parse((await m.json('GET', '/api/merchant/products')).body).removed).toEqual([]);

      // The platform not answering leaves the copies as they were.
      catalogues.state.failNext = 5;
      await m.refresh();
      expect((await m.feed()).find((p) => p.id === post)!.products![0]!.price_halalas).toBe(6000);
      catalogues.state.failNext = 0;

      // Webhooks: product.updated reads the product again, product.deleted unlinks it.
      const deliver = async (event: string, data: Record<string, unknown>) => {
        const body = JSON.stringify({ event, merchant: 55501, created_at: '2026-03-01 10:00:00', data });
        const res = await fetch(`${http.url}/api/integrations/salla/webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-salla-signature': createHmac('sha256', SALLA_SECRET).update(body).digest('hex'),
            'x-salla-security-strategy': 'Signature',
          },
          body,
        });
        expect(res.status).toBeLessThan(300);
        await settled();
      };
      catalogues.state.salla.get('107')!.salePrice = 40;
      catalogues.state.salla.get('107')!.quantity = 3;
      await deliver('product.updated', { id: 107, name: 'عباية كحلي' });
      cards = (await m.feed()).find((p) => p.id === post)!.products!;
      expect(cards[0]).toMatchObject({ sale_price_halalas: 4000, available: true });
      await deliver('product.deleted', { id: 107 });
      expect((await m.feed()).find((p) => p.id === post)!.products).toBeUndefined();
      expect(
        ZProductsList.parse((await m.json('GET', '/api/merchant/products')).body).removed.map((p) => p.id),
      ).toEqual([abaya!.id]);
    });

    it('Zid: search by name, link, price change on refresh, product.delete webhook unlinks', async () => {
      for (let i = 1; i <= 3; i++)
        catalogues.state.zid.set(`z-${i}`, {
          id: `z-${i}`,
          name: { ar: `حقيبة ${i}`, en: `Bag ${i}` },
          price: 100 * i,
          salePrice: null,
          url: `https://zid-shop.zid.store/products/z-${i}`,
          imageUrl: cdn.url(FAKE_CDN_PATHS.png),
          quantity: null,
        });
      const m = await merchant('zid-products@shop.sa', 'zid.products');
      await repos.platformConnections.upsert('zid', '707070', m.userId, {
        accessTokenEnc: box.seal(JSON.stringify(ZID_TOKENS)),
        status: 'active',
      });
      const found = ZProductsList.parse((await m.json('GET', '/api/merchant/products?q=Bag 2')).body);
      expect(found).toMatchObject({ catalogue: 'zid', has_more: false });
      expect(found.products.map((p) => p.id)).toEqual(['zid:z-2']);
      expect(found.products[0]).toMatchObject({ name_ar: 'حقيبة 2', name_en: 'Bag 2', price_halalas: 20000 });

      const post = (await m.posts())[2]!.id;
      const linked = await m.json('PATCH', `/api/merchant/posts/${post}`, {
        product_ids: ['zid:z-2', 'zid:z-3'],
      });
      expect(linked.status).toBe(200);
      expect(
        (await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: ['zid:nope'] })).status,
      ).toBe(400);
      expect(
        (await m.json('PATCH', `/api/merchant/posts/${post}`, { product_ids: ['salla:107'] })).status,
      ).toBe(400);

      catalogues.state.zid.get('z-2')!.salePrice = 150;
      await m.refresh();
      const cards = (await m.feed()).find((p) => p.id === post)!.products!;
      // Zid documents no cart call for app scripts: its products keep the link only.
      expect(cards.every((c) => c.salla === undefined)).toBe(true);
      expect(cards.map((c) => [c.name_en, c.price_halalas, c.sale_price_halalas])).toEqual([
        ['Bag 2', 20000, 15000],
        ['Bag 3', 30000, null],
      ]);

      const res = await fetch(`${http.url}/api/integrations/zid/webhook/${ZID_SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event_name: 'product.delete', store_id: 707070, id: 'z-3' }),
      });
      expect(res.status).toBeLessThan(300);
      await settled();
      expect((await m.feed()).find((p) => p.id === post)!.products!.map((c) => c.name_en)).toEqual(['Bag 2']);
      expect(
        ZProductsList.parse((await m.json('GET', '/api/merchant/products')).body).removed.map(
          (p) => p.name_en,
        ),
      ).toEqual(['Bag 3']);
    });
  });
});
