import { describe, expect, it } from 'vitest';
import { fromSalla, fromZid } from './catalogue.js';

describe('platform products in our units', () => {
  it('Salla: {amount} prices in halalas, a zero sale price is none, the name under its script', () => {
    const p = fromSalla({
      id: '7',
      name: 'عباية سوداء',
      urls: { customer: 'https://shop.salla.sa/p7' },
      price: { amount: 249.5, currency: 'SAR' },
      sale_price: { amount: 0, currency: 'SAR' },
      main_image: 'https://cdn.salla.sa/7.jpg',
      is_available: true,
      quantity: 0,
    });
    expect(p).toMatchObject({
      externalId: '7',
      nameAr: 'عباية سوداء',
      nameEn: null,
      priceHalalas: 24950,
      salePriceHalalas: null,
      available: false,
      url: 'https://shop.salla.sa/p7',
    });
    expect(fromSalla({ id: 8, name: 'Scarf', price: 100, sale_price: 80 } as never)).toMatchObject({
      nameEn: 'Scarf',
      priceHalalas: 10000,
      salePriceHalalas: 8000,
    });
  });
  it('Zid: both names, numeric strings, unlimited stock and drafts', () => {
    expect(
      fromZid({
        id: 'a1',
        name: { ar: 'حقيبة', en: 'Bag' },
        price: '120.00' as never,
        sale_price: 99.99,
        html_url: 'https://zid.store/p/a1',
        images: [{ image: { large: 'https://media.zid.store/a1.jpg' } }],
        quantity: null,
        is_infinite: true,
      }),
    ).toMatchObject({
      nameAr: 'حقيبة',
      nameEn: 'Bag',
      priceHalalas: 12000,
      salePriceHalalas: 9999,
      available: true,
      imageUrl: 'https://media.zid.store/a1.jpg',
    });
    expect(fromZid({ id: 'a2', name: 'x', price: 10, is_draft: true }).available).toBe(false);
  });
});

// Each merchant's first refresh copies the demo account's media: on a busy machine that alone takes seconds.
