import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadMessagePart, loadSiteMessages, type TMessagePart } from '@app/shared';
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

// What the app loads on demand (`import()`): its pages and lazy parts, the libraries they fetch when used, the
// message catalogues. With `isolate: false` (vitest.config.ts) a worker's files share their loaded modules, so
// the route table's `lazy()` pages too. A test that ended while a page was still being fetched and compiled (a
// redirect to /dashboard, say) left that import to fail when Vitest tore the file's environment down, and
// React.lazy kept the failure: later files in the worker saw "Something went wrong" for that page (a CI-like
// run: guards.test.tsx and AuthCallbackPage.test.tsx, after an EnvironmentTeardownError for radix-dialog
// reached through DashboardPage from admin-pages.test.tsx). Loaded before a file's tests, an import during
// them is answered from the worker's modules and is never left in flight. Only the first file of a worker
// pays for it; they are modules the tests load anyway.
const onDemand = import.meta.glob([
  '../app/*.tsx',
  '../features/*/components/*.tsx',
  '../features/auth/lib/{auth,zod-jitless}.ts',
  '../features/pwa/lib/service-worker.ts',
  '../db/index.ts',
  '!**/*.test.tsx',
]);
const MESSAGE_PARTS: TMessagePart[] = ['dashboard', 'admin', 'salla', 'pages', 'auth'];
beforeAll(async () => {
  if (!inDom) return;
  await Promise.all([
    ...Object.values(onDemand).map((load) => load()),
    ...MESSAGE_PARTS.map((part) => loadMessagePart(part)),
    loadSiteMessages('ar'),
    loadSiteMessages('en'),
  ]);
});

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
