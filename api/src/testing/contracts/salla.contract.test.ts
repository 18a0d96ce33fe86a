import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZProductsList,
  ZSallaAuthorizeData,
  ZSallaProductAnswer,
  ZSallaProductEventData,
  ZSallaProductsPage,
  ZSallaTokenResponse,
  ZSallaUserInfo,
  ZSallaWebhook,
} from '@app/shared';
import { sallaProductEvent } from '../../integrations/salla/salla-webhooks.service.js';
import { fromSalla } from '../../posts/catalogue.js';
import type { Runtime } from '../../runtime.js';
import { startHttpServer, type RunningServer } from '../../server.js';
import { createServices } from '../../services.js';
import { databaseBackends } from '../backends.js';
import { startFakeCatalogues } from '../fake-catalogues.js';
import { startFakeSalla } from '../fake-platforms.js';
import { testRepositories } from '../repositories.js';
import { createTestRuntime } from '../runtime.js';
import { signInForTest } from '../sign-in.js';
import { fixturesOf, loadFixtures, shapeMismatches } from './shape.js';

const fixtures = loadFixtures('salla');
const of = (endpoint: string) => fixturesOf(fixtures, endpoint);
type Product = Record<string, unknown>;
const productsOf = (name: string) => (fixtures[name] as { data: Product[] }).data;

describe('Salla: our schemas read every documented body', () => {
  it('reads user info with and without the data envelope', () => {
    const sdk = ZSallaUserInfo.parse(fixtures['user-info.php-sdk']);
    expect(sdk).toMatchObject({
      email: 'mock.name@example.com',
      merchant: { id: '11111', domain: 'test.store' },
    });
    const kit = ZSallaUserInfo.parse(fixtures['user-info.agent-kit']);
    expect(kit).toMatchObject({
      email: 'testuser@email.partners',
      name: 'Test User',
      merchant: { id: '1803665367', name: 'My Store', domain: 'https://salla.sa/my-store' },
    });
  });

  it.each(Object.keys(fixtures).filter((n) => n.startsWith('products.')))('%s is a products page', (name) => {
    expect(ZSallaProductsPage.parse(fixtures[name]).data.length).toBeGreaterThan(0);
  });

  it('reads prices and stock as the docs define them', () => {
    const [tshirt, plain] = ZSallaProductsPage.parse(fixtures['products.docs-full']).data.map(fromSalla);
    // quantity "50" is a count of 50, not a refusal of the whole page.
    expect(tshirt).toMatchObject({ externalId: '1672932878', priceHalalas: 10000, available: true });
    expect(plain).toMatchObject({ priceHalalas: 10000, salePriceHalalas: null, available: true });
    // A sale: the regular price is struck through, the current price is what it sells for; unlimited stock
    // is available whatever `quantity` says.
    const [dress] = ZSallaProductsPage.parse(fixtures['products.docs-sale']).data.map(fromSalla);
    expect(dress).toMatchObject({ priceHalalas: 32900, salePriceHalalas: 16400, available: true });
    const [flat] = ZSallaProductsPage.parse(fixtures['products.twilight-sale']).data.map(fromSalla);
    expect(flat).toMatchObject({ priceHalalas: 32900, salePriceHalalas: 16400 });
    // sale_price equal to the price is no sale (the docs' out-of-stock example).
    expect(
      fromSalla(
        ZSallaProductsPage.parse({ data: [{ id: 1, name: 'x', price: 114, sale_price: 114 }] }).data[0]!,
      ),
    ).toMatchObject({ priceHalalas: 11400, salePriceHalalas: null });
  });

  it('reads required options as the Product Details docs mark them', () => {
    const [shirt] = ZSallaProductsPage.parse(fixtures['products.details-options']).data.map(fromSalla);
    expect(shirt).toMatchObject({ externalId: '1672932880', available: true, needsOptions: true });
    // Products without options, and options none of which is required, go into the cart from the card.
    for (const p of ZSallaProductsPage.parse(fixtures['products.docs-full']).data.map(fromSalla))
      expect(p.needsOptions).toBe(false);
    const optional = { id: 1, name: 'x', price: 5, options: [{ required: false }, { name: 'gift wrap' }] };
    expect(fromSalla(ZSallaProductsPage.parse({ data: [optional] }).data[0]!).needsOptions).toBe(false);
    // An options shape we do not know does not refuse the product (nor the page).
    const odd = ZSallaProductsPage.parse({ data: [{ id: 2, name: 'y', price: 5, options: 'size' }] });
    expect(fromSalla(odd.data[0]!).needsOptions).toBe(false);
  });

  it('reads the app and product events and the token answer', () => {
    const authorize = ZSallaWebhook.parse(fixtures['webhook.app-store-authorize']);
    expect(authorize.merchant).toBe('1234509876');
    expect(ZSallaAuthorizeData.parse(authorize.data).expires).toBe(1634819484);
    const price = ZSallaWebhook.parse(fixtures['webhook.product-price-updated']);
    expect(sallaProductEvent(price.event)).toBe('updated');
    expect(ZSallaProductEventData.parse(price.data).id).toBe('1672932878');
    for (const event of [
      'product.status.updated',
      'product.image.updated',
      'product.updated',
      'product.available',
    ])
      expect(sallaProductEvent(event), event).toBe('updated');
    expect(sallaProductEvent('product.deleted')).toBe('deleted');
    expect(sallaProductEvent('order.updated')).toBeUndefined();
    expect(ZSallaTokenResponse.parse(fixtures['token.refresh']).refresh_token).toBeTruthy();
  });
});

describe('Salla: the fakes answer only documented shapes', () => {
  let salla: Awaited<ReturnType<typeof startFakeSalla>>;
  let catalogues: Awaited<ReturnType<typeof startFakeCatalogues>>;
  beforeAll(async () => {
    salla = await startFakeSalla({
      users: {
        tok: { email: 'owner@shop.sa', name: 'Noura', merchantId: 55, domain: 'https://noura.salla.sa' },
      },
    });
    catalogues = await startFakeCatalogues({ sallaToken: 'tok', zid: { authorization: 'a', manager: 'm' } });
    catalogues.state.salla.set('7', {
      id: '7',
      name: 'عباية',
      price: 100,
      salePrice: 80,
      url: 'https://noura.salla.sa/p7',
      imageUrl: 'https://cdn.salla.sa/7.jpg',
      quantity: 3,
    });
    catalogues.state.salla.set('8', {
      id: '8',
      name: 'قميص',
      price: 90,
      salePrice: null,
      url: 'https://noura.salla.sa/p8',
      imageUrl: null,
      quantity: null,
      requiredOption: true,
    });
  });
  afterAll(async () => {
    await salla.close();
    await catalogues.close();
  });
  const get = async (url: string, token = 'tok') => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as Record<string, unknown>;
  };

  it('user info in both styles, token refresh and refusals keep to the fixtures', async () => {
    for (const style of ['envelope', 'flat'] as const) {
      salla.state.userInfoStyle = style;
      const body = await get(`${salla.url}/oauth2/user/info`);
      expect(shapeMismatches(body, of('user-info')), style).toEqual([]);
      expect(ZSallaUserInfo.parse(body).merchant?.id).toBe('55');
    }
    expect(shapeMismatches(await get(`${salla.url}/oauth2/user/info`, 'nope'), of('error'))).toEqual([]);
    salla.state.validRefreshTokens.add('r-1');
    const res = await fetch(`${salla.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r-1' }).toString(),
    });
    expect(shapeMismatches(await res.json(), of('token'))).toEqual([]);
  });

  it('products, one product and refusals keep to the fixtures', async () => {
    const list = await get(`${catalogues.sallaApiUrl}/products?per_page=15`);
    expect(shapeMismatches(list, of('products'))).toEqual([]);
    ZSallaProductsPage.parse(list);
    const one = await get(`${catalogues.sallaApiUrl}/products/7`);
    // The product endpoint answers one product in `data`: compared as a page of one.
    expect(shapeMismatches({ ...one, data: [one.data] }, of('products'))).toEqual([]);
    // A product with a required option: its options keep to Product Details' example, and it is read so.
    const withOption = await get(`${catalogues.sallaApiUrl}/products/8`);
    expect(shapeMismatches({ ...withOption, data: [withOption.data] }, of('products'))).toEqual([]);
    expect(fromSalla(ZSallaProductAnswer.parse(withOption).data).needsOptions).toBe(true);
    expect(fromSalla(ZSallaProductAnswer.parse(one).data).needsOptions).toBe(false);
    expect(shapeMismatches(await get(`${catalogues.sallaApiUrl}/products`, 'bad'), of('error'))).toEqual([]);
  });

  it('catches a fake that drifts from the docs', () => {
    // What our first fake answered: an `alt` on images and user info with an invented key.
    const drifted = {
      ...(fixtures['products.docs-full'] as object),
      data: [{ ...productsOf('products.docs-full')[0], images: [{ url: 'https://x/1.jpg', alt: '' }] }],
    };
    expect(shapeMismatches(drifted, of('products'))).toEqual(['data[].images[].alt: not in any fixture']);
    expect(
      shapeMismatches({ ...(fixtures['user-info.agent-kit'] as object), store_id: 5 }, of('user-info')),
    ).toEqual(['store_id: not in any fixture']);
  });
});

/** Salla as its docs show it: user info (by token, in either shape) and the docs' products, verbatim. */
async function startSallaStandIn() {
  const state = {
    requests: [] as string[],
    /** Rate limiting: the next products request answers 429 with this Retry-After (seconds). */
    throttleNext: undefined as number | undefined,
    /** The products the API knows, by id (the docs' fixtures, changed by tests). */
    products: new Map<string, Product>(),
  };
  for (const p of productsOf('products.docs-full')) state.products.set(String(p.id), structuredClone(p));
  const users: Record<string, unknown> = {
    'salla-envelope': fixtures['user-info.php-sdk'],
    'salla-flat': fixtures['user-info.agent-kit'],
  };
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.requests.push(`${req.method} ${url.pathname}`);
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!(token in users)) return send(res, 401, fixtures['error.unauthorized']);
    if (url.pathname === '/oauth2/user/info') return send(res, 200, users[token]);
    if (url.pathname === '/admin/v2/products') {
      if (state.throttleNext !== undefined) {
        const wait = state.throttleNext;
        state.throttleNext = undefined;
        return send(res, 429, fixtures['error.rate-limited'], { 'retry-after': String(wait) });
      }
      const page = fixtures['products.docs-full'] as Record<string, unknown>;
      return send(res, 200, { ...page, data: [...state.products.values()] });
    }
    const one = /^\/admin\/v2\/products\/(\d+)$/.exec(url.pathname);
    const product = one ? state.products.get(one[1]!) : undefined;
    if (product) return send(res, 200, { status: 200, success: true, data: product });
    send(res, 404, { status: 404, success: false, error: { code: 'NotFound', message: 'Not found' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const SALLA_SECRET = 'salla-contract-webhook-secret';

describe.each(databaseBackends)('Salla end to end on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;
  let salla: Awaited<ReturnType<typeof startSallaStandIn>>;

  const deliver = async (payload: unknown) => {
    const body = JSON.stringify(payload);
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
  };
  const waitFor = async <T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('timed out waiting');
  };

  beforeAll(async () => {
    salla = await startSallaStandIn();
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        SALLA_WEBHOOK_SECRET: SALLA_SECRET,
        SALLA_ACCOUNTS_URL: salla.url,
        SALLA_API_URL: `${salla.url}/admin/v2`,
      },
    });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services: createServices(runtime) });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    await salla.close();
  });

  it.each([
    ['envelope', 'salla-envelope', 'mock.name@example.com', 11111],
    ['flat', 'salla-flat', 'testuser@email.partners', 1803665367],
  ] as const)(
    'installs with user info %s, then searches the docs’ products',
    async (_style, token, email, merchant) => {
      const authorize = fixtures['webhook.app-store-authorize'] as { data: object };
      await deliver({
        ...authorize,
        merchant,
        data: { ...authorize.data, access_token: token, expires: 4_102_444_800 },
      });
      const repos = testRepositories(runtime);
      // The install finishes after the webhook's answer: the account first, then the store's connection.
      const connection = await waitFor(
        () => repos.platformConnections.find('salla', String(merchant)),
        (c) => c !== undefined,
      );
      const user = await repos.users.findByEmail(email);
      expect(connection?.userId).toBe(user!.id);

      const { call } = await signInForTest(runtime, http.url, email);
      const res = await call('GET', '/api/merchant/products');
      expect(res.status).toBe(200);
      const list = ZProductsList.parse(await res.json());
      expect(list.catalogue).toBe('salla');
      expect(list.products.map((p) => [p.id, p.price_halalas, p.available])).toEqual([
        ['salla:1672932878', 10000, true],
        ['salla:1672932879', 10000, true],
      ]);
    },
  );

  it('waits out a short Retry-After, and gives up at once on a long one', async () => {
    const { call } = await signInForTest(runtime, http.url, 'mock.name@example.com');
    salla.state.throttleNext = 0;
    const before = salla.state.requests.length;
    expect((await call('GET', '/api/merchant/products')).status).toBe(200);
    expect(salla.state.requests.slice(before)).toEqual(['GET /admin/v2/products', 'GET /admin/v2/products']);
    salla.state.throttleNext = 120;
    const again = salla.state.requests.length;
    expect((await call('GET', '/api/merchant/products')).status).toBe(502);
    expect(salla.state.requests.slice(again)).toEqual(['GET /admin/v2/products']);
  });

  it('product.price.updated rewrites the linked copy from Salla', async () => {
    const repos = testRepositories(runtime);
    const user = (await repos.users.findByEmail('mock.name@example.com'))!;
    const copy = await repos.posts.upsertPlatformProduct(
      user.id,
      'salla',
      '1672932878',
      {
        nameAr: null,
        nameEn: 'T-Shirt',
        url: 'https://salla.sa/dev-mvxlkrylzfanmuri/t-shirt/p1672932878',
        priceHalalas: 10000,
        salePriceHalalas: null,
        currency: 'SAR',
        available: true,
        image: null,
        imageSourceUrl: null,
        refreshedAt: runtime.clock.now(),
      },
      runtime.clock.now(),
    );
    // On Salla the T-shirt goes on sale: 80 now, 100 struck through.
    Object.assign(salla.state.products.get('1672932878')!, {
      price: { amount: 80, currency: 'SAR' },
      regular_price: { amount: 100, currency: 'SAR' },
    });
    await deliver({ ...(fixtures['webhook.product-price-updated'] as object), merchant: 11111 });
    const updated = await waitFor(
      () => repos.posts.findProduct(user.id, copy.id),
      (p) => p?.salePriceHalalas === 8000,
    );
    expect(updated).toMatchObject({ priceHalalas: 10000, salePriceHalalas: 8000 });
  });
});
