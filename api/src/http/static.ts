import { createRequire } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { EMPTY_PUBLIC_CONFIG, isAppPage, PUBLIC_CONFIG_ELEMENT_ID, type TPublicConfig } from '@app/shared';
import { opsContracts } from '@app/shared/contracts';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { contractRoutes } from './route.js';

/**
 * A workspace's build output (`<package>/dist`), found through the package so it works from source and
 * from bundles; undefined while `marker` (a file the build writes) is missing.
 */
export function workspaceDistDir(packageName: string, marker: string): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve(`${packageName}/package.json`)), 'dist');
    return existsSync(path.join(dir, marker)) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** The built PWA (pwa/dist); undefined when not built. */
export const pwaDistDir = () => workspaceDistDir('@app/pwa', 'index.html');

const CONFIG_SLOT = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">{}</script>`;

/**
 * The page with the server's public configuration written into its slot (the build leaves `{}` there):
 * the prerendered landing page and the shell then know the support number without a request and without
 * a rebuild. `<` is escaped so no value can close the script element. Read again when the file changes.
 */
function pageReader(distDir: string, config: TPublicConfig) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const cache = new Map<string, { mtimeMs: number; html: string }>();
  return (page: 'index.html' | 'app.html'): string => {
    const file = path.join(distDir, page);
    const { mtimeMs } = statSync(file);
    const hit = cache.get(page);
    if (hit && hit.mtimeMs === mtimeMs) return hit.html;
    const html = readFileSync(file, 'utf8').replace(
      CONFIG_SLOT,
      CONFIG_SLOT.replace('>{}<', () => `>${json}<`),
    );
    cache.set(page, { mtimeMs, html });
    return html;
  };
}

/**
 * Serves the PWA: hashed assets are immutable, everything else revalidates. `/` gets index.html (the
 * landing page, prerendered by the build); any other GET that asks for HTML (a path without a file
 * extension) gets the app shell, app.html, so client-side routes work on reload. Both pages, also asked
 * for by name (the service worker precaches /app.html), carry `config` (see pageReader).
 */
export function pwaRoutes(distDir: string, config: TPublicConfig = EMPTY_PUBLIC_CONFIG): Router {
  const router = express.Router();
  const readPage = pageReader(distDir, config);
  const sendPage = (res: Response, page: 'index.html' | 'app.html') => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(readPage(page));
  };
  const route = contractRoutes(router);
  route(opsContracts.pwaIndex, ({ res }) => sendPage(res, 'index.html'));
  route(opsContracts.pwaShell, ({ res }) => sendPage(res, 'app.html'));
  // The build's other files and the SPA fallback below are plain middleware: no contract names them
  // (any file the build writes; any client-side route), and the OpenAPI document lists neither.
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  const spaFallback: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api') return next();
    // A missing file (old hashed bundle, typo) must 404, not answer HTML with a 200.
    if (path.extname(req.path) !== '') return next();
    if (!req.accepts('html')) return next();
    // An address the app has no page for answers 404 (the shell then shows the app's 404 page).
    if (!isAppPage(req.path)) res.status(404);
    sendPage(res, req.path === '/' ? 'index.html' : 'app.html');
  };
  router.use(spaFallback);
  return router;
}
