import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetCatalogueForTests } from '../i18n/catalogue';

// CI machines are shared and slow at times: findBy/waitFor wait up to 5 s for what a user would see.
configure({ asyncUtilTimeout: 5_000 });

// A few tests run in Node instead of jsdom (`@vitest-environment node`: the build-time prerender); the rest
// of this set-up is for the browser-like ones.
const inDom = typeof window !== 'undefined';

if (inDom) {
  // jsdom has no layout: scrolling is a no-op here rather than a "not implemented" error.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
}

// Most tests script the server's answer to the session restore; the API sets this hint cookie beside the
// httpOnly refresh cookie, and without it the client does not even ask (see auth-client.test.ts).
beforeEach(() => {
  if (inDom) document.cookie = 'lamha_signed_in=1; path=/';
});

afterEach(() => {
  if (inDom) cleanup();
  resetCatalogueForTests();
  if (inDom) {
    window.localStorage.clear();
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
