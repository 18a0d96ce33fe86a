import { Fragment, h } from 'preact';
import type { JSX } from 'preact';
import { Img } from '../core/Img.js';
import type { Lang, Post, ViewerContext } from '../core/types.js';
import type { ViewerText } from './text.js';

/** Halalas as the shopper reads them: Western digits, the riyal sign in Arabic (149 ر.س, 149.50 SAR). */
export function money(halalas: number, currency: string, lang: Lang): string {
  const value = (halalas / 100).toLocaleString('en-US', {
    minimumFractionDigits: halalas % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return `${value} ${lang === 'ar' && currency === 'SAR' ? 'ر.س' : currency}`;
}

/**
 * The products linked to a post, under its media: picture, name in the widget's language, price (the
 * sale price first, the old one struck through), "Sold out" when unavailable, and "Shop now" to the
 * product page (the link already carries the post's utm parameters). `ctx.onProductClick` hears clicks.
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
  return (
    <ul class="lv-products" aria-label={t.products}>
      {products.map((p) => {
        const name = (lang === 'en' ? p.name_en || p.name_ar : p.name_ar || p.name_en) ?? '';
        const sale = p.sale_price_halalas;
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
                    <span>{money(sale, p.currency, lang)}</span>{' '}
                    <s>
                      <span class="lv-sr">{t.was} </span>
                      {money(p.price_halalas, p.currency, lang)}
                    </s>
                  </>
                ) : (
                  money(p.price_halalas, p.currency, lang)
                )}
              </span>
              {!p.available && <span class="lv-out">{t.soldOut}</span>}
            </span>
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
          </li>
        );
      })}
    </ul>
  );
}
