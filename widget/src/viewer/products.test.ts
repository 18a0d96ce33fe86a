// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSettings } from '../core/check.js';
import type { Product, ViewerContext } from '../core/types.js';
import { image, post, sampleInit } from '../test/sample.js';
import { prices } from './ProductCards.js';
import { openPost } from './viewer.js';

const ctx = (lang: 'ar' | 'en', onProductClick?: ViewerContext['onProductClick']): ViewerContext => {
  const data = sampleInit();
  return {
    lang,
    apiBase: 'https://api.test',
    widgetKey: 'wk_test',
    settings: readSettings(data.config.customization_options, lang),
    account: data.content.account_data,
    username: 'shop',
    themeStyle: '--lw-bg:#fff',
    track: () => undefined,
    ...(onProductClick ? { onProductClick } : {}),
  };
};
const product = (id: string, extra: Partial<Product> = {}): Product => ({
  id,
  name_ar: `منتج ${id}`,
  name_en: `Product ${id}`,
  url: `https://shop.example.com/${id}?utm_source=lamha&utm_medium=instagram&utm_content=post-1`,
  price_halalas: 19900,
  sale_price_halalas: null,
  currency: 'SAR',
  available: true,
  image: image(id),
  ...extra,
});
const layer = () => document.querySelector('lamha-viewer')!.shadowRoot!;

afterEach(() => {
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  document.body.innerHTML = '';
});

describe('product cards in the post viewer', () => {
  it('prices: halalas with Western digits, the riyal sign in Arabic, all in one form', () => {
    expect(prices([19900], 'SAR', 'ar')).toEqual(['199 ر.س']);
    expect(prices([14950], 'SAR', 'en')).toEqual(['149.50 SAR']);
    expect(prices([123456789], 'SAR', 'en')).toEqual(['1,234,567.89 SAR']);
    // Side by side, never "149.50" beside "200".
    expect(prices([14950, 20000], 'SAR', 'en')).toEqual(['149.50 SAR', '200.00 SAR']);
  });

  it('lists the products in order: name in the widget language, sale price first, sold out, Shop now link', () => {
    const posts = [
      post(1, {
        products: [
          product('a', { sale_price_halalas: 14900 }),
          product('b', { available: false, name_en: null }),
        ],
      }),
      post(2),
    ];
    const opener = document.body.appendChild(document.createElement('button'));
    openPost(ctx('en'), posts, 0, opener);
    const list = layer().querySelector('ul.lv-products')!;
    expect(list.getAttribute('aria-label')).toBe('Products in this post');
    const cards = [...list.querySelectorAll('li')];
    expect(cards).toHaveLength(2);
    expect(cards[0]!.querySelector('b')!.textContent).toBe('Product a');
    expect(cards[0]!.querySelector('.lv-price')!.textContent).toBe('149 SAR Was 199 SAR');
    expect(cards[0]!.querySelector('.lv-out')).toBeNull();
    // No English name: the Arabic one stands in.
    expect(cards[1]!.querySelector('b')!.textContent).toBe('منتج b');
    expect(cards[1]!.querySelector('.lv-out')!.textContent).toBe('Sold out');
    const link = cards[0]!.querySelector('a.lv-shop') as HTMLAnchorElement;
    expect(link.href).toBe(posts[0]!.products![0]!.url);
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    // Its accessible name says which product.
    expect(link.textContent).toBe('Shop now: Product a');
  });

  it("shows a post's prices in one form: with halalas in one, with decimals in all", () => {
    const posts = [post(1, { products: [product('a', { sale_price_halalas: 14950 }), product('b')] })];
    openPost(ctx('en'), posts, 0, document.body.appendChild(document.createElement('button')));
    const shown = [...layer().querySelectorAll('.lv-price')].map((p) => p.textContent);
    expect(shown).toEqual(['149.50 SAR Was 199.00 SAR', '199.00 SAR']);
  });

  it('Arabic: right-to-left, Arabic words, and the click hook hears which product of which post', () => {
    const clicks = vi.fn();
    const posts = [post(1, { products: [product('a')] })];
    const opener = document.body.appendChild(document.createElement('button'));
    openPost(ctx('ar', clicks), posts, 0, opener);
    const root = layer();
    expect(root.querySelector('[role=dialog]')!.getAttribute('dir')).toBe('rtl');
    const link = root.querySelector('a.lv-shop') as HTMLAnchorElement;
    expect(link.textContent).toBe('تسوّق الآن: منتج a');
    expect(root.querySelector('.lv-price')!.textContent).toBe('199 ر.س');
    link.addEventListener('click', (e) => e.preventDefault());
    link.click();
    expect(clicks).toHaveBeenCalledWith('a', 'post-1');
  });

  it('a post without products shows no list', () => {
    const opener = document.body.appendChild(document.createElement('button'));
    openPost(ctx('en'), [post(1)], 0, opener);
    expect(layer().querySelector('.lv-products')).toBeNull();
  });
});

describe('product cards defend the store page', () => {
  it('leaves out products whose link is not http(s) or whose price is missing', () => {
    const bad = [
      product('a', { url: 'javascript:alert(1)' }),
      { ...product('b'), price_halalas: undefined } as unknown as Product,
      product('c'),
    ];
    const opener = document.body.appendChild(document.createElement('button'));
    openPost(ctx('en'), [post(1, { products: bad })], 0, opener);
    expect([...layer().querySelectorAll('.lv-pc b')].map((b) => b.textContent)).toEqual(['Product c']);
  });
});
