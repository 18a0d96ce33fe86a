// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { initQuery, readLoaderConfig } from './config.js';

function script(src: string, data: Record<string, string> = {}) {
  const el = document.createElement('script');
  el.src = src;
  for (const [k, v] of Object.entries(data)) el.dataset[k] = v;
  return el;
}

describe('readLoaderConfig', () => {
  it('reads the merchant key, language and API origin', () => {
    const config = readLoaderConfig(
      script('https://feed.example.com/widget.js', { merchantId: ' k_123 ', lang: 'EN' }),
    );
    expect(config).toMatchObject({ merchantId: 'k_123', lang: 'en', apiBase: 'https://feed.example.com' });
    expect(initQuery(config!)).toBe('key=k_123');
  });

  it('takes the store id and platform from the URL for platform snippets; no data-lang leaves the language open', () => {
    const config = readLoaderConfig(script('https://feed.example.com/widget.js?store=98765&platform=salla'));
    expect(config).toMatchObject({
      storeId: '98765',
      platform: 'salla',
      apiBase: 'https://feed.example.com',
    });
    expect(config?.lang).toBeUndefined();
    // The store page's own language decides when the snippet does not say.
    document.documentElement.lang = 'en-US';
    expect(readLoaderConfig(script('https://feed.example.com/widget.js?store=1'))?.lang).toBe('en');
    document.documentElement.lang = '';
    expect(initQuery(config!)).toBe('store_id=98765&platform=salla');
  });

  it('prefers data-store-id, ignores unknown platforms and languages', () => {
    const config = readLoaderConfig(
      script('https://feed.example.com/widget.js?store=1&platform=shopify', { storeId: '2', lang: 'fr' }),
    );
    expect(config).toMatchObject({ storeId: '2', platform: undefined, lang: undefined });
    expect(initQuery(config!)).toBe('store_id=2');
  });

  it('prefers the widget key over a store id and encodes it', () => {
    const config = readLoaderConfig(
      script('https://feed.example.com/widget.js?store=1', { merchantId: 'a&b' }),
    );
    expect(initQuery(config!)).toBe('key=a%26b');
  });

  it('still gives a config without an identifier (the widget shows the invalid-configuration state)', () => {
    const config = readLoaderConfig(script('https://feed.example.com/widget.js', { merchantId: '  ' }));
    expect(config).toMatchObject({
      apiBase: 'https://feed.example.com',
      merchantId: undefined,
      storeId: undefined,
    });
    expect(initQuery(config!)).toBeUndefined();
  });
});
