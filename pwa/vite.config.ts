import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import type * as Renderer from './src/prerender';
import { API_CACHE, MEDIA_CACHE, WIDGET_CACHE, WIDGET_CORE_CACHE } from './src/features/pwa/lib/cache-names';

// In development the API runs on :3000 (npm start); the PWA's dev server forwards API and dev-tool calls
// there so the refresh cookie stays same-origin, exactly as in production where the API serves pwa/dist.
const apiOrigin = 'http://localhost:3000';

// The installable app, in both languages: Arabic (the default, /manifest.webmanifest, with the proposed
// `translations` member) and English (/manifest-en.webmanifest, linked while the interface is English).
const THEME_COLOR = '#be185d';
const icons: ManifestOptions['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
];
const manifestText = {
  ar: {
    name: 'لمحة: منشورات إنستغرام في متجرك',
    short_name: 'لمحة',
    description: 'لوحة تحكم لمحة: اربط حسابك في إنستغرام، خصّص الودجت وأضفه إلى متجرك.',
  },
  en: {
    name: 'Lamha: Instagram feed for your store',
    short_name: 'Lamha',
    description:
      'The Lamha dashboard: connect your Instagram account, style the widget and add it to your store.',
  },
};
const baseManifest = {
  id: '/dashboard',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: THEME_COLOR,
  categories: ['business', 'productivity'],
  icons,
} satisfies Partial<ManifestOptions>;
const arabicManifest: Partial<ManifestOptions> & { translations: Record<string, typeof manifestText.en> } = {
  ...baseManifest,
  ...manifestText.ar,
  lang: 'ar',
  dir: 'rtl',
  translations: { en: manifestText.en },
};
const englishManifest = { ...baseManifest, ...manifestText.en, lang: 'en', dir: 'ltr' };

/** Paths the server answers itself: never the app shell, never cached by the service worker. */
const SERVER_PATHS = [/^\/api\//, /^\/dev\//, /^\/demo\//, /^\/media\//, /^\/healthz/, /^\/widget/];

/** Where `vite build --ssr src/prerender.tsx` writes the landing page's renderer (build.outDir below). */
const SSR_OUT_DIR = 'dist-ssr';

/**
 * index.html becomes two pages: `app.html`, the shell every other route gets (the server's and the service
 * worker's fallback), and `index.html`, the same shell with the landing page already rendered into #root,
 * which main.tsx hydrates. Needs the renderer built first (`npm run build` does both).
 */
function prerenderLanding(): Plugin {
  return {
    name: 'lamha-prerender-landing',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const shell = String(page.source);
      const renderer = pathToFileURL(path.resolve(import.meta.dirname, SSR_OUT_DIR, 'prerender.js')).href;
      const { prerenderLanding: render, PRERENDERED_PATH } = (await import(renderer)) as typeof Renderer;
      // React puts preload hints for the page's images first; the images are in the HTML itself now, so the
      // browser finds them as early without the hints (which would sit inside #root and upset hydration).
      const markup = (await render()).replace(/^(?:<link [^>]*>)+/, '');
      const root = /<div id="root">[\s\S]*?<\/div>(?=\s*<noscript>)/;
      if (!root.test(shell))
        this.error('index.html: no <div id="root">…</div> before <noscript> to prerender into.');
      this.emitFile({ type: 'asset', fileName: 'app.html', source: shell });
      page.source = shell.replace(
        root,
        () => `<div id="root" data-prerendered="${PRERENDERED_PATH}">${markup}</div>`,
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        tailwindcss(),
        VitePWA({
          strategies: 'generateSW',
          registerType: 'prompt',
          // Registered from our code (features/pwa/lib/service-worker.ts) with workbox-window.
          injectRegister: false,
          manifest: arabicManifest,
          manifestFilename: 'manifest.webmanifest',
          includeAssets: [
            'favicon.svg',
            'icons/*.png',
            'icons/*.svg',
            'default-avatar.png',
            'manifest-en.webmanifest',
          ],
          workbox: {
            cacheId: 'lamha',
            // The app shell: every built file, so the app opens offline.
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
            // Every route but / opens the shell; / is index.html (prerendered), which the precache answers itself.
            navigateFallback: '/app.html',
            navigateFallbackDenylist: SERVER_PATHS,
            cleanupOutdatedCaches: true,
            runtimeCaching: [
              {
                // The merchant's data and the widget answer: fresh when online, the last copy when not.
                // Sign-in calls (/api/auth/*) are never cached.
                urlPattern: ({ url, request, sameOrigin }) =>
                  sameOrigin &&
                  request.method === 'GET' &&
                  (url.pathname === '/api/merchant' ||
                    url.pathname.startsWith('/api/merchant/') ||
                    url.pathname.startsWith('/api/widget/')),
                handler: 'NetworkFirst',
                options: {
                  cacheName: API_CACHE,
                  networkTimeoutSeconds: 6,
                  expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 },
                  cacheableResponse: { statuses: [200] },
                },
              },
              {
                // The widget for the live preview: the loader fresh when online (it names the current core),
                // the content-hashed core and viewer from the cache.
                urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/widget.js',
                handler: 'NetworkFirst',
                options: {
                  cacheName: WIDGET_CACHE,
                  networkTimeoutSeconds: 6,
                  cacheableResponse: { statuses: [200] },
                },
              },
              {
                urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/widget/'),
                handler: 'CacheFirst',
                options: {
                  cacheName: WIDGET_CORE_CACHE,
                  expiration: { maxEntries: 20, maxAgeSeconds: 90 * 24 * 60 * 60 },
                  cacheableResponse: { statuses: [200] },
                },
              },
              {
                // Copied media have content-hashed names: they never change, so the cache answers first.
                urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
                handler: 'CacheFirst',
                options: {
                  cacheName: MEDIA_CACHE,
                  expiration: { maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 },
                  cacheableResponse: { statuses: [200] },
                },
              },
            ],
          },
        }),
        {
          name: 'lamha-english-manifest',
          apply: 'build',
          generateBundle() {
            this.emitFile({
              type: 'asset',
              fileName: 'manifest-en.webmanifest',
              source: `${JSON.stringify(englishManifest, null, 2)}\n`,
            });
          },
        },
        prerenderLanding(),
      ],
  server: {
    proxy: {
      '/api': apiOrigin,
      '/healthz': apiOrigin,
      '/dev': apiOrigin,
      // The demo store, copied media and the widget's own files, so the edit-and-see loop shows them too.
      '/demo': apiOrigin,
      '/media': apiOrigin,
      '/widget': apiOrigin,
    },
  },
  // The renderer bundles the shared package (TypeScript sources) and imports the libraries from node_modules.
  ssr: { noExternal: ['@app/shared'] },
  build: {
    outDir: isSsrBuild ? SSR_OUT_DIR : 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads, read by `npm run size:pages`.
    manifest: !isSsrBuild,
    // Every browser the app supports but Safari 16 knows <link rel="modulepreload">; there the chunks still
    // load, only without the head start, so the polyfill (0.2 KB on every first visit) is not worth it.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // Apart from React: a first visit to the landing page does without it (landing-boot.tsx).
            { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Named, so `npm run size:pages` can tell it stays out of the landing page's first load.
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/ },
            // Small modules the landing page loads and other pages share: one chunk instead of nine, each of
            // which would cost the first visit its own request and compression overhead (0.5 KB in all). The
            // dashboard gets the marketing sections with it (about 2.8 KB, cached): the landing page's budget
            // is the tighter one.
            {
              name: 'common',
              test: /(shared[\\/]src[\\/](plans|format-number|vat|public-config)\.ts|features[\\/](marketing[\\/](lib[\\/](contact|public-config)\.ts|components[\\/](Section|SupportCards)\.tsx|hooks[\\/]useHashScroll\.ts)|auth[\\/]lib[\\/]auth-navigation\.ts)|i18n[\\/]useI18n\.ts)$/,
            },
          ],
        },
      },
    },
  },
}));
