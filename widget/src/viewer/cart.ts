import type { Product } from '../core/types.js';

/** What the widget uses of Salla's storefront SDK (Twilight), the `salla` global of a Salla store page. */
interface SallaSdk {
  config?: { get?: (key: string, fallback?: unknown) => unknown };
  cart?: { addItem?: (item: { id: number | string; quantity: number }) => Promise<unknown> };
}

/** How an add-to-cart ended: in the cart, sold out, needs the shopper's options, or failed otherwise. */
export type CartOutcome = 'added' | 'out' | 'options' | 'failed';

/**
 * The store's own "add to cart" for a product, when this page is that product's Salla store with Salla's
 * storefront SDK loaded (the SDK's `salla.cart.addItem` sends the shopper's cart request and updates the
 * store's cart badge itself); undefined anywhere else, for products already sold out, and for products
 * whose required options are chosen on the product page (their card keeps only the link there).
 */
export function sallaCart(product: Product, w: { salla?: unknown } = window as never) {
  const sdk = w.salla as SallaSdk | undefined;
  const add = sdk?.cart?.addItem;
  if (!product.salla || product.salla.needs_options || !product.available || typeof add !== 'function')
    return undefined;
  let store: unknown;
  try {
    store = sdk?.config?.get?.('store.id', '');
  } catch {
    return undefined;
  }
  if (String(store ?? '') !== product.salla.store_id) return undefined;
  const id = product.salla.product_id;
  return (quantity: number): Promise<CartOutcome> =>
    add.call(sdk!.cart, { id: /^\d+$/.test(id) ? Number(id) : id, quantity }).then(
      () => 'added' as const,
      (e: unknown) => cartFailure(e),
    );
}

/**
 * Reads the SDK's rejection: the store's answer (Salla's error envelope `{error: {message, fields}}`) comes
 * as an axios error's `response`. A 422 naming options asks for the shopper's choices; another 422 is a
 * product the store will not sell now (out of stock); anything else (the network) may be tried again.
 */
export function cartFailure(e: unknown): CartOutcome {
  const response = (e as { response?: { status?: number; data?: { error?: { fields?: unknown } } } } | null)
    ?.response;
  if (response?.status !== 422) return 'failed';
  const fields = response.data?.error?.fields;
  return fields && typeof fields == 'object' && Object.keys(fields).some((k) => /option/i.test(k))
    ? 'options'
    : 'out';
}
