// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSettings } from '../core/check.js';
import type { TWidgetEvent } from '@app/shared';
import type { Product, ViewerContext } from '../core/types.js';
import { image, post, sampleInit } from '../test/sample.js';
import { cartFailure, sallaCart } from './cart.js';
import { openPost } from './viewer.js';

const product = (extra: Partial<Product> = {}): Product => ({
  id: '3f0c2d9e-0000-4000-8000-000000000001',
  name_ar: 'عباية سوداء',
  name_en: 'Black abaya',
  url: 'https://noura.example.com/p77?utm_source=lamha',
  price_halalas: 19900,
  sale_price_halalas: null,
  currency: 'SAR',
  available: true,
  image: image('a'),
  salla: { store_id: '1305', product_id: '77' },
  ...extra,
});

/** A stand-in for Salla's `salla` global: config.get and cart.addItem answering as told. */
function sdk(store: unknown, answer: () => Promise<unknown>) {
  const calls: unknown[] = [];
  const salla = {
    config: { get: (key: string, fallback?: unknown) => (key === 'store.id' ? store : fallback) },
    cart: {
      addItem(item: unknown) {
        calls.push(item);
        return answer();
      },
    },
  };
  return { salla, calls };
}
/** An axios error as the SDK rejects with it: the store's answer under `response`. */
const rejected = (status: number, data: unknown) => Promise.reject({ response: { status, data } });

afterEach(() => {
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  document.body.innerHTML = '';
  delete (window as { salla?: unknown }).salla;
});

describe('add to cart through Salla storefront SDK', () => {
  it('is offered only on the product own Salla store with the SDK, and not for sold-out products', () => {
    const ok = () => Promise.resolve({});
    expect(sallaCart(product(), { salla: sdk(1305, ok).salla })).toBeTypeOf('function');
    expect(sallaCart(product(), { salla: sdk('1305', ok).salla })).toBeTypeOf('function');
    expect(sallaCart(product(), { salla: sdk(999, ok).salla })).toBeUndefined();
    expect(sallaCart(product(), {})).toBeUndefined();
    expect(sallaCart(product(), { salla: { config: sdk(1305, ok).salla.config } })).toBeUndefined();
    expect(sallaCart(product({ salla: undefined }), { salla: sdk(1305, ok).salla })).toBeUndefined();
    expect(sallaCart(product({ available: false }), { salla: sdk(1305, ok).salla })).toBeUndefined();
    // Required options are chosen on the product page: the card keeps only its link.
    const options = { salla: { store_id: '1305', product_id: '77', needs_options: true } };
    expect(sallaCart(product(options), { salla: sdk(1305, ok).salla })).toBeUndefined();
    const none = { salla: { store_id: '1305', product_id: '77', needs_options: false } };
    expect(sallaCart(product(none), { salla: sdk(1305, ok).salla })).toBeTypeOf('function');
  });

  it('sends the product id as a number with the quantity, and reads how it ended', async () => {
    const { salla, calls } = sdk(1305, () => Promise.resolve({ success: true }));
    await expect(sallaCart(product(), { salla })!(1)).resolves.toBe('added');
    expect(calls).toEqual([{ id: 77, quantity: 1 }]);
    const out = sdk(1305, () => rejected(422, { success: false, error: { message: 'الكمية غير متوفرة' } }));
    await expect(sallaCart(product(), { salla: out.salla })!(1)).resolves.toBe('out');
    expect(cartFailure({ response: { status: 422, data: { error: { fields: { options: ['x'] } } } } })).toBe(
      'options',
    );
    expect(cartFailure(new Error('Network Error'))).toBe('failed');
    expect(cartFailure({ response: { status: 500 } })).toBe('failed');
  });

  it('shows Add to cart beside Shop now, then progress, success and one add_to_cart event', async () => {
    let finish: (v: unknown) => void = () => undefined;
    const { salla, calls } = sdk(1305, () => new Promise((r) => (finish = r)));
    (window as { salla?: unknown }).salla = salla;
    const events: TWidgetEvent[] = [];
    const data = sampleInit();
    const ctx: ViewerContext = {
      lang: 'ar',
      apiBase: 'https://api.test',
      widgetKey: 'wk_test',
      settings: readSettings(data.config.customization_options, 'ar'),
      account: data.content.account_data,
      username: 'shop',
      themeStyle: '',
      track: (e) => events.push(e),
    };
    const opener = document.body.appendChild(document.createElement('button'));
    const p1 = post(1, { products: [product(), product({ id: 'other', salla: undefined })] });
    openPost(ctx, [p1], 0, opener);
    const root = document.querySelector('lamha-viewer')!.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelector('.lv-pc')).toBeTruthy());
    const cards = root.querySelectorAll('.lv-pc');
    expect(cards[1]!.querySelector('.lv-cart')).toBeNull();
    const button = cards[0]!.querySelector<HTMLButtonElement>('button.lv-cart')!;
    expect(button.textContent).toBe('أضف إلى السلة: عباية سوداء');
    expect(cards[0]!.querySelector('a.lv-shop')).toBeTruthy();
    button.click();
    await vi.waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.textContent).toContain('جارٍ الإضافة');
    expect(cards[0]!.querySelector('[role=status]')!.textContent).toBe('جارٍ الإضافة…');
    button.click();
    expect(calls).toHaveLength(1);
    finish({ success: true });
    await vi.waitFor(() => expect(button.textContent).toContain('أُضيف إلى السلة'));
    expect(cards[0]!.querySelector('[role=status]')!.textContent).toBe('أُضيف إلى السلة');
    expect(events).toEqual([{ type: 'add_to_cart', product_id: product().id, post_id: p1.id }]);
  });
});
