import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A product as the fake platforms keep it (prices in riyals, as the platforms send them). */
export interface FakeProduct {
  id: string;
  name: string | { ar: string; en: string };
  price: number;
  salePrice: number | null;
  url: string;
  imageUrl: string | null;
  quantity: number | null;
  /** Zid: the product's variants (it is then a parent, `quantity: 0` itself, as Zid answers). */
  variants?: { id: string; quantity: number | null }[];
  /** Salla: the product has a required option (Product Details' `options[].required`). */
  requiredOption?: boolean;
}

/**
 * Salla's Merchant API products (`/admin/v2/products`, keyword search, `per_page` paging, `{amount,
 * currency}` prices) and Zid's products API (`/v1/products/`, `search`, `page_size`, DRF-style `next`),
 * each checking its store's token. Tests change prices and delete products between calls.
 */
export async function startFakeCatalogues(options: {
  sallaToken: string;
  zid: { authorization: string; manager: string };
}) {
  const state = {
    salla: new Map<string, FakeProduct>(),
    zid: new Map<string, FakeProduct>(),
    /** Requests seen, as "METHOD path?query". */
    requests: [] as string[],
    /** The next N catalogue requests answer 503. */
    failNext: 0,
  };
  const nameOf = (p: FakeProduct) => (typeof p.name === 'string' ? p.name : `${p.name.ar} ${p.name.en}`);
  const matching = (products: Map<string, FakeProduct>, q: string | null) =>
    [...products.values()].filter((p) => !q || nameOf(p).toLowerCase().includes(q.toLowerCase()));

  const sallaProduct = (p: FakeProduct) => ({
    id: Number(p.id),
    name: typeof p.name === 'string' ? p.name : p.name.ar,
    sku: `SKU-${p.id}`,
    url: p.url,
    urls: { customer: p.url, admin: `https://s.salla.sa/products/${p.id}` },
    price: { amount: p.price, currency: 'SAR' },
    sale_price: { amount: p.salePrice ?? 0, currency: 'SAR' },
    main_image: p.imageUrl,
    images: p.imageUrl ? [{ id: Number(p.id) * 10, url: p.imageUrl, main: true }] : [],
    is_available: p.quantity === null || p.quantity > 0,
    quantity: p.quantity,
    ...(p.requiredOption
      ? {
          options: [
            { id: Number(p.id) * 10, name: 'Size', type: 'radio', required: true, display_type: 'text' },
          ],
        }
      : {}),
  });
  const zidProduct = (p: FakeProduct, detail = false) => ({
    id: p.id,
    sku: `SKU-${p.id}`,
    name: typeof p.name === 'string' ? { ar: p.name, en: null } : p.name,
    slug: `product-${p.id}`,
    price: p.price,
    sale_price: p.salePrice,
    formatted_price: `${p.price} SAR`,
    currency: 'SAR',
    html_url: p.url,
    images: p.imageUrl ? [{ image: { large: p.imageUrl, small: p.imageUrl } }] : [],
    quantity: p.variants ? 0 : p.quantity,
    is_infinite: !p.variants && p.quantity === null,
    is_draft: false,
    structure: p.variants ? 'parent' : 'standalone',
    // Zid lists a parent without its variants; the product's own page carries them.
    ...(detail && p.variants
      ? {
          variants: p.variants.map((v) => ({
            id: v.id,
            parent_id: p.id,
            quantity: v.quantity ?? 0,
            is_infinite: v.quantity === null,
            is_draft: false,
            structure: 'child',
          })),
        }
      : {}),
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (state.failNext > 0) {
      state.failNext--;
      return send(503, { message: 'unavailable' });
    }
    const salla = /^\/admin\/v2\/products(?:\/([^/]+))?$/.exec(url.pathname);
    if (salla && req.method === 'GET') {
      if (req.headers.authorization !== `Bearer ${options.sallaToken}`)
        return send(401, { status: 401, success: false, error: { code: 'Unauthorized' } });
      if (salla[1]) {
        const p = state.salla.get(salla[1]);
        if (!p) return send(404, { status: 404, success: false, error: { code: 'NotFound' } });
        return send(200, { status: 200, success: true, data: sallaProduct(p) });
      }
      const perPage = Number(url.searchParams.get('per_page') ?? 15);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = matching(state.salla, url.searchParams.get('keyword'));
      const totalPages = Math.max(1, Math.ceil(all.length / perPage));
      return send(200, {
        status: 200,
        success: true,
        data: all.slice((page - 1) * perPage, page * perPage).map(sallaProduct),
        pagination: { count: all.length, total: all.length, perPage, currentPage: page, totalPages },
      });
    }
    const zid = /^\/v1\/products\/(?:([^/]+)\/)?$/.exec(url.pathname);
    if (zid && req.method === 'GET') {
      if (
        req.headers.authorization !== `Bearer ${options.zid.authorization}` ||
        req.headers['x-manager-token'] !== options.zid.manager
      )
        return send(401, { message: 'unauthorized' });
      if (zid[1]) {
        const p = state.zid.get(zid[1]);
        return p ? send(200, zidProduct(p, true)) : send(404, { detail: 'Not found.' });
      }
      const size = Number(url.searchParams.get('page_size') ?? 15);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = matching(state.zid, url.searchParams.get('search'));
      const more = page * size < all.length;
      return send(200, {
        count: all.length,
        total_products_count: all.length,
        next: more ? `https://api.zid.sa/v1/products/?page=${page + 1}` : null,
        previous: null,
        results: all.slice((page - 1) * size, page * size).map((p) => zidProduct(p)),
      });
    }
    send(404, { message: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sallaApiUrl: `${url}/admin/v2`,
    zidApiUrl: `${url}/v1`,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
