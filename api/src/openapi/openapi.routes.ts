import { Router } from 'express';
import { buildOpenApiDocument } from '@app/shared/contracts';
import { APP_VERSION } from '../runtime.js';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route, generated from the contracts in
 * shared/src/contracts once per process (the contracts do not change while it runs). The development
 * helpers are listed only outside production, where the server answers them.
 */
export function openApiRoutes(options: { includeDev: boolean }): Router {
  const router = Router();
  let body: string | undefined;
  router.get('/api/openapi.json', (_req, res) => {
    body ??= JSON.stringify(buildOpenApiDocument({ version: APP_VERSION, ...options }));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
  });
  return router;
}
