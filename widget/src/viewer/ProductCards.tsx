import { Fragment, h } from 'preact';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { Img } from '../core/Img.js';
import { formatMoneyTogether } from '@app/shared';
import type { Lang, Post, Product, ViewerContext } from '../core/types.js';
import { sallaCart, type CartOutcome } from './cart.js';
import type { ViewerText } from './text.js';

/**
 * A post's prices as the shopper reads them: Western digits, the riyal sign in Arabic (149 ر.س, 149.50 SAR),
 * and all in one form: with decimals when any of them has halalas, else none (formatMoneyTogether).
 */
export function prices(halalas: readonly number[], currency: string, lang: Lang): string[] {
  const unit = lang === 'ar' && currency === 'SAR' ? 'ر.س' : currency;
  return formatMoneyTogether(halalas).map((value) => `${value} ${unit}`);
}

/**
 * The products linked to a post, under its media: picture, name in the widget's language, price (the
 * sale price first, the old one struck through), "Sold out" when unavailable, and "Shop now" to the
 * product page (the link already carries the post's utm parameters). `ctx.onProductClick` hears clicks.
 * On the product's own Salla store, "Add to cart" beside it puts the product in the store's cart.
 */
export function ProductCards({
  ctx,
  t,
  post,
}: {
  ctx: ViewerContext;
  t: ViewerText;
  post: Post;
}): JSX.Element | null {
  const { lang } = ctx;
  // The core checks posts, not their products: a malformed one (or a link that is not http) is left out.
  const products = Array.isArray(post.products)
    ? post.products.filter((p) => /^https?:\/\//i.test(p?.url) && typeof p.price_halalas == 'number')
    : [];
  if (!products.length) return null;
  // Every price in the list, each product's sale price (if any) then its price, formatted together.
  const shown = prices(
    products.flatMap((p) =>
      p.sale_price_halalas !== null ? [p.sale_price_halalas, p.price_halalas] : [p.price_halalas],
    ),
    products[0]!.currency,
    lang,
  );
  let next = 0;
  return (
    <ul class="lv-products" aria-label={t.products}>
      {products.map((p) => {
        const name = (lang === 'en' ? p.name_en || p.name_ar : p.name_ar || p.name_en) ?? '';
        const sale = p.sale_price_halalas !== null ? shown[next++] : null;
        const price = shown[next++];
        return (
          <li key={p.id} class="lv-pc">
            <span class="lv-pimg">
              {p.image && (
                <Img apiBase={ctx.apiBase} image={p.image} sizes="56px" alt="" unavailable="" eager />
              )}
            </span>
            <span class="lv-pt">
              <b dir="auto">{name}</b>
              <span class="lv-price">
                {sale !== null ? (
                  <>
                    <span>{sale}</span>{' '}
                    <s>
                      <span class="lv-sr">{t.was} </span>
                      {price}
                    </s>
                  </>
                ) : (
                  price
                )}
              </span>
              {!p.available && <span class="lv-out">{t.soldOut}</span>}
            </span>
            <span class="lv-acts">
              <AddToCart ctx={ctx} t={t} post={post} product={p} name={name} />
              <a
                class="lv-shop"
                href={p.url}
                target="_blank"
                rel="noopener"
                onClick={() => ctx.onProductClick?.(p.id, post.id)}
              >
                {t.shopNow}
                <span class="lv-sr">: {name}</span>
              </a>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

type CartState = 'idle' | 'busy' | CartOutcome;

/**
 * "Add to cart" on the product's own Salla store (nothing elsewhere): progress while the store answers,
 * then what happened, announced to screen readers. A product added counts an `add_to_cart` event.
 */
function AddToCart({
  ctx,
  t,
  post,
  product,
  name,
}: {
  ctx: ViewerContext;
  t: ViewerText;
  post: Post;
  product: Product;
  name: string;
}): JSX.Element | null {
  const [state, setState] = useState<CartState>('idle');
  const add = sallaCart(product);
  if (!add) return null;
  const said: Record<CartState, string> = {
    idle: '',
    busy: t.adding,
    added: t.added,
    out: t.cartOut,
    options: t.cartOptions,
    failed: t.cartFailed,
  };
  const onClick = () => {
    if (state === 'busy' || state === 'added' || state === 'out') return;
    setState('busy');
    void add(1).then((outcome) => {
      if (outcome === 'added') ctx.track({ type: 'add_to_cart', product_id: product.id, post_id: post.id });
      setState(outcome);
    });
  };
  return (
    <>
      <button
        type="button"
        class={`lv-cart lv-cart-${state}`}
        aria-disabled={state === 'busy' || state === 'added' || state === 'out'}
        onClick={onClick}
      >
        {state === 'busy' ? t.adding : state === 'added' ? t.added : t.addToCart}
        <span class="lv-sr">: {name}</span>
      </button>
      <span
        class={state === 'idle' || state === 'busy' || state === 'added' ? 'lv-sr' : 'lv-cmsg'}
        role="status"
      >
        {said[state]}
      </span>
    </>
  );
}
