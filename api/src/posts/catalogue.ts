import {
  ZSallaProductAnswer,
  ZSallaProductsPage,
  ZZidProduct,
  ZZidProductsPage,
  type TSallaProduct,
  type TZidProduct,
} from '@app/shared';
import type { z } from 'zod';
import { fetchHonouringRetryAfter, httpFailure, type FetchLike } from '../integrations/platform-http.js';
import type { ConnectionRow, Platform } from '../integrations/platform-connections.repository.js';
import { err, ok, type Result } from '../lib/result.js';

/** A product as a store platform describes it, in our units (halalas). */
export interface CatalogueProduct {
  externalId: string;
  nameAr: string | null;
  nameEn: string | null;
  url: string;
  priceHalalas: number;
  salePriceHalalas: number | null;
  currency: string;
  available: boolean;
  imageUrl: string | null;
  /** The shopper must choose options (a Salla option marked `required`) on the product page first. */
  needsOptions: boolean;
}

export interface CataloguePage {
  products: CatalogueProduct[];
  hasMore: boolean;
}

/** One store's catalogue on its platform; `product` answers null for a product the platform deleted. */
export interface Catalogue {
  platform: Platform;
  search(query: string, page: number, perPage: number): Promise<Result<CataloguePage, string>>;
  product(externalId: string): Promise<Result<CatalogueProduct | null, string>>;
}

/** Where a platform's catalogue is read, and how a connection's sealed tokens are opened. */
export interface CatalogueConfig {
  sallaApiUrl: string;
  zidApiUrl: string;
  fetch: FetchLike;
  open(sealed: string): string;
  timeoutMs?: number;
  /** How a 429's short `Retry-After` is waited out (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

const halalas = (amount: number) => Math.max(0, Math.round(amount * 100));
const ARABIC = /[\u0600-\u06ff]/;
/** A sale price counts only when it is below the price (platforms send 0 or the price itself for none). */
const saleOf = (price: number, sale: number | null) =>
  sale !== null && sale > 0 && sale < price ? sale : null;

type Money = TSallaProduct['price'];
const amountOf = (m: Money): number | null =>
  m === null || m === undefined ? null : typeof m === 'number' ? m : m.amount;
const currencyOf = (m: Money): string | undefined =>
  m !== null && typeof m === 'object' ? (m.currency ?? undefined) : undefined;

/**
 * Salla's prices as its docs define them: `price` is what the product sells for now, `regular_price` the
 * undiscounted price (struck through during a sale) and `sale_price` the discounted one, 0 or the price
 * itself when there is no sale. Older answers carry no `regular_price`: there `price` is the regular
 * price and a lower `sale_price` the sale. Returns our pair: the regular price and the sale price, if any.
 */
function sallaPrices(p: TSallaProduct): { price: number; sale: number | null } {
  const price = amountOf(p.price);
  const sale = amountOf(p.sale_price);
  const regular = amountOf(p.regular_price);
  let current = price ?? 0;
  if (sale !== null && sale > 0 && (price === null || sale < price)) current = sale;
  const undiscounted = Math.max(regular ?? 0, price ?? 0);
  const priceHalalas = halalas(undiscounted > 0 ? undiscounted : current);
  return { price: priceHalalas, sale: saleOf(priceHalalas, halalas(current)) };
}

/** Salla gives one name, in the store's language: it goes under the language its script says. */
export function fromSalla(p: TSallaProduct): CatalogueProduct {
  const { price, sale } = sallaPrices(p);
  const arabic = ARABIC.test(p.name);
  const inStock =
    p.unlimited_quantity === true || p.quantity === null || p.quantity === undefined || p.quantity > 0;
  return {
    externalId: p.id,
    nameAr: arabic ? p.name : null,
    nameEn: arabic ? null : p.name,
    url: p.urls?.customer ?? p.url ?? '',
    priceHalalas: price,
    salePriceHalalas: sale,
    currency: (currencyOf(p.price) ?? p.currency ?? 'SAR').toUpperCase(),
    available: (p.is_available ?? true) && inStock,
    imageUrl: p.main_image ?? p.images?.find((i) => i.url)?.url ?? p.thumbnail ?? null,
    needsOptions: (p.options ?? []).some((o) => o.required === true),
  };
}

function zidImage(p: TZidProduct): string | null {
  for (const image of p.images ?? []) {
    if (typeof image === 'string') return image;
    const sizes = image.image ?? {};
    const url = sizes.large ?? sizes.medium ?? sizes.full_size ?? sizes.small ?? image.url;
    if (url) return url;
  }
  return null;
}

type ZidStock = Pick<TZidProduct, 'quantity' | 'is_infinite' | 'is_draft' | 'is_published'>;
const zidInStock = (p: ZidStock) =>
  !p.is_draft &&
  p.is_published !== false &&
  (p.is_infinite === true || p.quantity === null || p.quantity === undefined || p.quantity > 0);

/**
 * A Zid product can be bought when it (or, for a parent, one of its variants) is in stock. A parent's own
 * `quantity` is 0 by design; the list leaves its variants out, so there a published parent counts as
 * available and its page (read on every refresh) settles it.
 */
function zidAvailable(p: TZidProduct): boolean {
  if (p.is_draft || p.is_published === false) return false;
  if (p.variants && p.variants.length > 0) return p.variants.some(zidInStock);
  if (p.structure === 'parent') return true;
  return zidInStock(p);
}

export function fromZid(p: TZidProduct): CatalogueProduct {
  const names = typeof p.name === 'string' ? { ar: p.name, en: null } : p.name;
  const price = halalas(p.price ?? 0);
  const sale = p.sale_price ?? null;
  return {
    externalId: p.id,
    nameAr: names.ar?.trim() || null,
    nameEn: names.en?.trim() || null,
    url: p.html_url ?? '',
    priceHalalas: price,
    salePriceHalalas: saleOf(price, sale === null ? null : halalas(sale)),
    currency: (p.currency ?? 'SAR').toUpperCase(),
    available: zidAvailable(p),
    imageUrl: zidImage(p),
    // Zid keeps the link to the product page (no documented storefront cart API).
    needsOptions: false,
  };
}

/** GET with a timeout: 404 is "gone" (undefined), other failures an error naming the host. */
async function getJson<S extends z.ZodType>(
  config: CatalogueConfig,
  url: string,
  headers: Record<string, string>,
  schema: S,
): Promise<Result<z.infer<S> | undefined, string>> {
  const host = new URL(url).host;
  let res: Response;
  try {
    res = await fetchHonouringRetryAfter(
      config.fetch,
      url,
      () => ({ headers, signal: AbortSignal.timeout(config.timeoutMs ?? 10_000) }),
      config.sleep,
    );
  } catch (e) {
    return err(`${host} did not answer (${e instanceof Error ? e.name : 'error'})`);
  }
  if (res.status === 404) return ok(undefined);
  if (!res.ok) return err(httpFailure(url, res));
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return err(`${host} answered something that is not JSON`);
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? ok(parsed.data) : err(`${host} answered an unexpected shape`);
}

/** Salla's Merchant API with the store's access token. */
class SallaCatalogue implements Catalogue {
  readonly platform = 'salla' as const;
  constructor(
    private readonly config: CatalogueConfig,
    private readonly token: string,
  ) {}

  private get headers() {
    return { authorization: `Bearer ${this.token}`, accept: 'application/json' };
  }

  async search(query: string, page: number, perPage: number): Promise<Result<CataloguePage, string>> {
    const url = new URL(`${this.config.sallaApiUrl}/products`);
    url.searchParams.set('page', String(page));
    url.searchParams.set('per_page', String(Math.min(perPage, 60)));
    if (query) url.searchParams.set('keyword', query);
    const answer = await getJson(this.config, url.toString(), this.headers, ZSallaProductsPage);
    if (!answer.ok) return answer;
    if (!answer.value) return err('Salla has no products endpoint for this store');
    const { data, pagination } = answer.value;
    return ok({
      products: data.map(fromSalla),
      hasMore: (pagination?.currentPage ?? page) < (pagination?.totalPages ?? 0),
    });
  }

  async product(externalId: string): Promise<Result<CatalogueProduct | null, string>> {
    const url = `${this.config.sallaApiUrl}/products/${encodeURIComponent(externalId)}`;
    const answer = await getJson(this.config, url, this.headers, ZSallaProductAnswer);
    if (!answer.ok) return answer;
    return ok(answer.value ? fromSalla(answer.value.data) : null);
  }
}

/** Zid's products API with the store's manager token. */
class ZidCatalogue implements Catalogue {
  readonly platform = 'zid' as const;
  constructor(
    private readonly config: CatalogueConfig,
    private readonly tokens: { authorization: string; manager: string; storeId: string },
  ) {}

  private get headers() {
    return {
      authorization: `Bearer ${this.tokens.authorization}`,
      'x-manager-token': this.tokens.manager,
      'store-id': this.tokens.storeId,
      accept: 'application/json',
      'accept-language': 'ar',
    };
  }

  async search(query: string, page: number, perPage: number): Promise<Result<CataloguePage, string>> {
    const url = new URL(`${this.config.zidApiUrl}/products/`);
    url.searchParams.set('page', String(page));
    url.searchParams.set('page_size', String(Math.min(perPage, 50)));
    if (query) url.searchParams.set('search', query);
    const answer = await getJson(this.config, url.toString(), this.headers, ZZidProductsPage);
    if (!answer.ok) return answer;
    if (!answer.value) return err('Zid has no products endpoint for this store');
    return ok({ products: answer.value.results.map(fromZid), hasMore: Boolean(answer.value.next) });
  }

  async product(externalId: string): Promise<Result<CatalogueProduct | null, string>> {
    const url = `${this.config.zidApiUrl}/products/${encodeURIComponent(externalId)}/`;
    const answer = await getJson(this.config, url, this.headers, ZZidProduct);
    if (!answer.ok) return answer;
    return ok(answer.value ? fromZid(answer.value) : null);
  }
}

/**
 * The catalogue of a merchant's connected store, or undefined when they have none working (no store,
 * uninstalled, tokens missing): such merchants link manual products.
 */
export function catalogueOf(
  config: CatalogueConfig,
  connection: { platform: Platform; row: ConnectionRow } | undefined,
): Catalogue | undefined {
  if (!connection || connection.row.status !== 'active' || !connection.row.accessTokenEnc) return undefined;
  const { platform, row } = connection;
  let opened: string;
  try {
    opened = config.open(row.accessTokenEnc!);
  } catch {
    return undefined;
  }
  if (platform === 'salla') return new SallaCatalogue(config, opened);
  // Zid's sealed token is both of its tokens as JSON (see zid-oauth.service.ts).
  try {
    const sealed = JSON.parse(opened) as { manager?: unknown; authorization?: unknown };
    if (typeof sealed.manager !== 'string' || typeof sealed.authorization !== 'string') return undefined;
    return new ZidCatalogue(config, {
      authorization: sealed.authorization,
      manager: sealed.manager,
      storeId: row.storeId,
    });
  } catch {
    return undefined;
  }
}
