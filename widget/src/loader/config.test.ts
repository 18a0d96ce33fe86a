// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readLoaderConfig } from './config.js';

function script(src: string, data: Record<string, string> = {}) {
  const el = document.createElement('script');
  el.src = src;
  for (const [k, v] of Object.entries(data)) el.dataset[k] = v;
  return el;
}

describe('readLoaderConfig', () => {
  it('reads the merchant key, language and API origin', () => {
    expect(
      readLoaderConfig(script('https://feed.example.com/widget.js', { merchantId: ' k_123 ', lang: 'EN' })),
    ).toEqual({ merchantId: 'k_123', lang: 'en', apiBase: 'https://feed.example.com' });
  });

  it('takes the store id from the URL for platform snippets and defaults to Arabic', () => {
    expect(readLoaderConfig(script('https://feed.example.com/widget.js?store=98765'))).toEqual({
      storeId: '98765',
      lang: 'ar',
      apiBase: 'https://feed.example.com',
    });
  });

  it('gives nothing without an identifier', () => {
    expect(readLoaderConfig(script('https://feed.example.com/widget.js', { merchantId: '  ' }))).toBeUndefined();
  });
});
