import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

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
    description: 'The Lamha dashboard: connect your Instagram account, style the widget and add it to your store.',
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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // Registered from our code (features/pwa/lib/service-worker.ts) with workbox-window.
      injectRegister: false,
      manifest: arabicManifest,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/*.png', 'icons/*.svg', 'default-avatar.png', 'manifest-en.webmanifest'],
      workbox: {
        cacheId: 'lamha',
        // The app shell: every built file, so the app opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The merchant's data and the widget answer: fresh when online, the last copy when not.
            // Sign-in calls (/api/auth/*) are never cached.
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              (url.pathname === '/api/merchant' || url.pathname.startsWith('/api/merchant/') || url.pathname.startsWith('/api/widget/')),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'lamha-api',
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
            options: { cacheName: 'lamha-widget', networkTimeoutSeconds: 6, cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/widget/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'lamha-widget-core',
              expiration: { maxEntries: 20, maxAgeSeconds: 90 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Copied media have content-hashed names: they never change, so the cache answers first.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'lamha-media',
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
        this.emitFile({ type: 'asset', fileName: 'manifest-en.webmanifest', source: `${JSON.stringify(englishManifest, null, 2)}\n` });
      },
    },
  ],
  server: {
    proxy: {
      '/api': apiOrigin,
      '/healthz': apiOrigin,
      '/dev': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads, read by `npm run size:pages`.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
