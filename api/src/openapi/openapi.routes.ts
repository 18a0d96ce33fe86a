import { Router } from 'express';
import { buildOpenApiDocument, opsContracts } from '@app/shared/contracts';
import { ANSWERED, contractRoutes } from '../http/route.js';
import { APP_VERSION } from '../runtime.js';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route, generated from the contracts in
 * shared/src/contracts once per process (the contracts do not change while it runs). The development
 * helpers are listed only outside production, where the server answers them.
 */
export function openApiRoutes(options: { includeDev: boolean }): Router {
  const router = Router();
  let body: string | undefined;
  contractRoutes(router)(opsContracts.openapi, ({ res }) => {
    body ??= JSON.stringify(buildOpenApiDocument({ version: APP_VERSION, ...options }));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
    return ANSWERED;
  });
  return router;
}
