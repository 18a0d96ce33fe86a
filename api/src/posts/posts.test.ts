import { describe, expect, it } from 'vitest';
import { TIER_IDS, ZApiError, ZProduct, ZProductsList } from '@app/shared';
import sharp from 'sharp';
import { databaseBackends } from '../testing/backends.js';
import { postsStudio, DAY } from '../testing/posts-studio.js';
import { FAKE_CDN_PATHS } from '../testing/fake-cdn.js';

// Hide, pin and products on posts, as the merchant and the widget see them.
describe.each(databaseBackends)('posts studio on $name', { timeout: 180_000 }, (backend) => {
  const h = postsStudio(backend);
  const { merchant } = h;

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
    // is plain h.http on 127.0.0.1, so this goes to the service with the schema already passed).
    expect(
      (
        await m.json('POST', '/api/merchant/products', {
          name_en: 'x',
          url: 'https://shop.example.com/p',
          price_halalas: 100,
          image_url: h.cdn.url(FAKE_CDN_PATHS.jpeg),
        })
      ).status,
    ).toBe(400);
    const created = await h.services.posts.createManual(m.userId, {
      name_ar: 'فستان صيفي',
      name_en: 'Summer dress',
      url: 'https://shop.example.com/dress?color=blue',
      price_halalas: 19900,
      sale_price_halalas: 14900,
      image_url: h.cdn.url(FAKE_CDN_PATHS.jpeg),
    });
    if (!created.ok) throw created.error;
    const dress = created.value;
    expect(dress).toMatchObject({ source: 'manual', price_halalas: 19900, sale_price_halalas: 14900 });
    expect(dress.image?.renditions[0]?.path).toMatch(/^\/media\//);
    expect(h.cdn.requestCount(FAKE_CDN_PATHS.jpeg)).toBeGreaterThan(0);

    // A picture that is not one is refused.
    const html = await h.services.posts.createManual(m.userId, {
      name_en: 'Broken',
      url: 'https://shop.example.com/b',
      price_halalas: 100,
      image_url: h.cdn.url(FAKE_CDN_PATHS.htmlAsJpeg),
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
    const upload = await fetch(`${h.http.url}/api/merchant/products/${bag.id}/image`, {
      method: 'PUT',
      headers: {
        'content-type': 'image/png',
        authorization: `Bearer ${m.accessToken}`,
      },
      body: new Uint8Array(h.cdn.fixtures.png),
    });
    expect(upload.status).toBe(200);
    expect(ZProduct.parse(await upload.json()).image).not.toBeNull();
    // Over the uploads' 40 MP cap (6,500 × 6,500): refused before decoding, saying why.
    const huge = await sharp({ create: { width: 6_500, height: 6_500, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooBig = await fetch(`${h.http.url}/api/merchant/products/${bag.id}/image`, {
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

    await h.repos.users.update(m.userId, { trialEndsAt: null });
    await h.repos.subscriptions.replaceActive({
      userId: m.userId,
      tierId: TIER_IDS.basic,
      source: 'direct',
      startDate: h.runtime.clock.now(),
      endDate: new Date(h.runtime.clock.now().getTime() + 30 * DAY),
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
});
