import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isAppPage } from '@app/shared';
import express, { type RequestHandler, type Router } from 'express';

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

/**
 * Serves the PWA: hashed assets are immutable, everything else revalidates. `/` gets index.html (the
 * landing page, prerendered by the build); any other GET that asks for HTML (a path without a file
 * extension) gets the app shell, app.html, so client-side routes work on reload.
 */
export function pwaRoutes(distDir: string): Router {
  const router = express.Router();
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
    res.setHeader('Cache-Control', 'no-cache');
    const page = req.path === '/' ? 'index.html' : 'app.html';
    // An address the app has no page for answers 404 (the shell then shows the app's 404 page).
    if (!isAppPage(req.path)) res.status(404);
    res.sendFile(path.join(distDir, page));
  };
  router.use(spaFallback);
  return router;
}
