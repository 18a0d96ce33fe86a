import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ZProductsList } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { postsStudio, SALLA_SECRET, ZID_SECRET, SALLA_TOKEN, ZID_TOKENS } from '../testing/posts-studio.js';
import { FAKE_CDN_PATHS } from '../testing/fake-cdn.js';
import { webhookDeliveries } from '../db/schema.js';

// Products copied from the store's platform (Salla, Zid): search, link, refresh and product webhooks.
describe.each(databaseBackends)('posts studio on $name', { timeout: 180_000 }, (backend) => {
  const h = postsStudio(backend);
  const { merchant, box } = h;

  describe('store platforms', () => {
    /** Waits until every webhook delivery has been processed (they run after the 2xx answer). */
    const settled = async () => {
      for (let i = 0; i < 100; i++) {
        const [row] = (await h.runtime.database.db
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
        h.catalogues.state.salla.set(String(100 + i), {
          id: String(100 + i),
          name: i === 7 ? 'عباية كحلي' : `Scarf ${i}`,
          price: 50 + i,
          salePrice: i === 7 ? 45 : null,
          url: `https://noura.salla.sa/p/${100 + i}`,
          imageUrl: h.cdn.url(FAKE_CDN_PATHS.jpeg),
          quantity: 10,
        });
      const m = await merchant('salla-products@shop.sa', 'salla.products');
      await h.repos.platformConnections.upsert('salla', '55501', m.userId, {
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
      expect(h.catalogues.state.requests.some((r) => r.includes('keyword='))).toBe(true);

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
      h.catalogues.state.salla.get('107')!.price = 60;
      h.catalogues.state.salla.get('107')!.quantity = 0;
      // The scarf gains a required option (a size): its card links to the product page only.
      h.catalogues.state.salla.get('102')!.requiredOption = true;
      await m.refresh();
      let cards = (await m.feed()).find((p) => p.id === post)!.products!;
      expect(cards[0]).toMatchObject({ id: abaya!.id, price_halalas: 6000, available: false });
      // Salla products carry their store and their id there: the widget's add-to-cart on that store.
      expect(cards.map((c) => c.salla)).toEqual([
        { store_id: '55501', product_id: '107' },
        { store_id: '55501', product_id: '102', needs_options: true },
      ]);

      // A product deleted on Salla is unlinked at the next refresh and becomes a notice.
      h.catalogues.state.salla.delete('102');
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
      h.catalogues.state.failNext = 5;
      await m.refresh();
      expect((await m.feed()).find((p) => p.id === post)!.products![0]!.price_halalas).toBe(6000);
      h.catalogues.state.failNext = 0;

      // Webhooks: product.updated reads the product again, product.deleted unlinks it.
      const deliver = async (event: string, data: Record<string, unknown>) => {
        const body = JSON.stringify({ event, merchant: 55501, created_at: '2026-03-01 10:00:00', data });
        const res = await fetch(`${h.http.url}/api/integrations/salla/webhook`, {
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
      h.catalogues.state.salla.get('107')!.salePrice = 40;
      h.catalogues.state.salla.get('107')!.quantity = 3;
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
        h.catalogues.state.zid.set(`z-${i}`, {
          id: `z-${i}`,
          name: { ar: `حقيبة ${i}`, en: `Bag ${i}` },
          price: 100 * i,
          salePrice: null,
          url: `https://zid-shop.zid.store/products/z-${i}`,
          imageUrl: h.cdn.url(FAKE_CDN_PATHS.png),
          quantity: null,
        });
      const m = await merchant('zid-products@shop.sa', 'zid.products');
      await h.repos.platformConnections.upsert('zid', '707070', m.userId, {
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

      h.catalogues.state.zid.get('z-2')!.salePrice = 150;
      await m.refresh();
      const cards = (await m.feed()).find((p) => p.id === post)!.products!;
      // Zid documents no cart call for app scripts: its products keep the link only.
      expect(cards.every((c) => c.salla === undefined)).toBe(true);
      expect(cards.map((c) => [c.name_en, c.price_halalas, c.sale_price_halalas])).toEqual([
        ['Bag 2', 20000, 15000],
        ['Bag 3', 30000, null],
      ]);

      const res = await fetch(`${h.http.url}/api/integrations/zid/webhook/${ZID_SECRET}`, {
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
