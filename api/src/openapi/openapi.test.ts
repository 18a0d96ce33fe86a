import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Router, type RequestHandler } from 'express';
import { allContracts, openApiPath, opsContracts } from '@app/shared/contracts';
import { createApp } from '../app.js';
import { contractRoutes, registeredContract } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { createTestRuntime } from '../testing/runtime.js';
import { WIDGET_EVENTS_PATH } from '../insights/widget-events.handler.js';
import { WIDGET_INIT_PATH } from '../widget/widget-init.handler.js';
import { OPENAPI_METHODS, ZOpenApi31Document, type TOpenApi31Document } from './openapi31.schema.js';

interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: RouteLayer[] };
  /** Express's mark of a `use` layer mounted at the root (no path of its own). */
  slash?: boolean;
}

/**
 * Routes not registered through `route(contract, ...)` (api/src/http/route.ts), as `METHOD path`: a
 * route whose last handler no contract registered, or registered from another method or path, and any
 * middleware mounted on a path of its own (a route by another name). Root middleware (static files, the
 * SPA fallback, the 404 and error handlers) answers no contract's path.
 */
function handWrittenRoutes(stack: RouteLayer[]): string[] {
  const known = new Set(allContracts().map((e) => e.contract));
  const out: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const { path: p, methods } = layer.route;
      const method = Object.keys(methods).map((m) => (m === '_all' ? 'all' : m));
      const c = registeredContract(layer.route.stack.at(-1)?.handle);
      const ok = c && known.has(c) && c.path === p && method.length === 1 && method[0] === c.method;
      if (!ok) out.push(`${method.join(',').toUpperCase()} ${String(p)}`);
    } else if (layer.slash === false) out.push(`USE ${String((layer as { rawPath?: unknown }).rawPath)}`);
    if (layer.handle?.stack) out.push(...handWrittenRoutes(layer.handle.stack));
  }
  return out;
}

/** Every `METHOD path` the Express app answers, read from its router stack (nested routers included). */
function expressRoutes(app: ReturnType<typeof createApp>): string[] {
  const out: string[] = [];
  const walk = (stack: RouteLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          for (const m of Object.keys(layer.route.methods)) {
            const methods = m === '_all' ? OPENAPI_METHODS.filter((x) => x !== 'trace') : [m];
            for (const method of methods) out.push(`${method.toUpperCase()} ${openApiPath(p)}`);
          }
        }
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: RouteLayer[] } }).router.stack);
  return out;
}

function documentOperations(doc: TOpenApi31Document): string[] {
  return Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    OPENAPI_METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((m) => `${m.toUpperCase()} ${p}`),
  );
}

const sorted = (xs: string[]) => [...xs].sort();

describe('GET /api/openapi.json', () => {
  let runtime: Runtime;
  let http: RunningServer;
  let pwaDir: string;
  let doc: TOpenApi31Document;
  let raw: Record<string, unknown>;

  beforeAll(async () => {
    pwaDir = mkdtempSync(path.join(tmpdir(), 'pwa-'));
    writeFileSync(path.join(pwaDir, 'index.html'), '<!doctype html><title>landing</title>');
    writeFileSync(path.join(pwaDir, 'app.html'), '<!doctype html><title>shell</title>');
    runtime = await createTestRuntime();
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', pwaDir });
    const res = await fetch(`${http.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    raw = (await res.json()) as Record<string, unknown>;
    doc = ZOpenApi31Document.parse(raw);
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('is an OpenAPI 3.1 document whose references, parameters and schemes hold', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ids: string[] = [];
    const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}));
    for (const [p, item] of Object.entries(doc.paths ?? {})) {
      const templated = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const m of OPENAPI_METHODS) {
        const op = (item as Record<string, z.infer<typeof ZOpenApi31Document>['paths']>)[m] as
          | { operationId?: string; parameters?: { name: string; in: string }[]; security?: object[] }
          | undefined;
        if (!op) continue;
        ids.push(op.operationId ?? '');
        const declared = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
        expect(sorted(declared), `${m} ${p}`).toEqual(sorted(templated as string[]));
        for (const req of op.security ?? [])
          for (const name of Object.keys(req)) expect(schemes).toContain(name);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain('');
    // Every $ref points at something in the document.
    const refs = JSON.stringify(raw).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const pointer = ref.slice(8, -1);
      expect(pointer.startsWith('#/')).toBe(true);
      const target = pointer
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], raw);
      expect(target, pointer).toBeDefined();
    }
  });

  it('refuses what OpenAPI 3.1 does not allow', () => {
    const copy = () => JSON.parse(JSON.stringify(raw)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const unknownField = copy();
    unknownField.paths['/api/merchant'].get.bogus = true;
    expect(ZOpenApi31Document.safeParse(unknownField).success).toBe(false);
    const optionalPathParam = copy();
    optionalPathParam.paths['/media/{name}'].get.parameters[0].required = false;
    expect(ZOpenApi31Document.safeParse(optionalPathParam).success).toBe(false);
    const oldVersion = copy();
    oldVersion.openapi = '3.0.3';
    expect(ZOpenApi31Document.safeParse(oldVersion).success).toBe(false);
  });

  it('holds JSON Schemas zod reads back', () => {
    const resolve = (pointer: string): unknown =>
      pointer
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], raw);
    let count = 0;
    const visit = (node: unknown, key?: string) => {
      if (Array.isArray(node)) node.forEach((n) => visit(n));
      else if (node && typeof node === 'object') {
        if (key === 'schema') {
          count++;
          // References into components are read in place (zod resolves only a schema's own $defs).
          const inlined: unknown = JSON.parse(JSON.stringify(node), (_k, v: unknown) =>
            v && typeof v === 'object' && '$ref' in v ? resolve(String((v as { $ref: string }).$ref)) : v,
          );
          expect(() => z.fromJSONSchema(inlined as Parameters<typeof z.fromJSONSchema>[0])).not.toThrow();
        }
        for (const [k, v] of Object.entries(node)) visit(v, k);
      }
    };
    visit(raw.paths);
    expect(count).toBeGreaterThan(100);
  });

  it('lists every route the server answers, and nothing else', () => {
    const app = createApp(runtime, { pwaDir });
    const answered = [
      ...expressRoutes(app),
      // Answered below Express (server.ts), by these paths.
      `GET ${WIDGET_INIT_PATH}`,
      `POST ${WIDGET_EVENTS_PATH}`,
    ];
    expect(sorted(documentOperations(doc))).toEqual(sorted(answered));
    // The contracts that say they are answered below Express are exactly those two.
    expect(
      sorted(
        allContracts()
          .filter((e) => e.contract.belowExpress)
          .map((e) => `${e.contract.method.toUpperCase()} ${e.contract.path}`),
      ),
    ).toEqual(sorted([`GET ${WIDGET_INIT_PATH}`, `POST ${WIDGET_EVENTS_PATH}`]));
  });

  it('answers every route through its contract: a hand-written route fails here', () => {
    const stackOf = (x: unknown) =>
      (x as { router?: { stack: RouteLayer[] }; stack?: RouteLayer[] }).router?.stack ??
      (x as { stack: RouteLayer[] }).stack;
    expect(handWrittenRoutes(stackOf(createApp(runtime, { pwaDir })))).toEqual([]);
    // The check finds each kind: a string path, a contract's handler under another path, a mounted prefix.
    const router = Router();
    contractRoutes(router)(opsContracts.livez, () => ({ status: 'live' as const, version: 'x' }));
    router.get('/hand-written', (_req, res) => void res.end());
    router.get('/elsewhere', stackOf(router).at(0)!.route!.stack.at(-1)!.handle as RequestHandler);
    router.use('/prefix', (_req, res) => void res.end());
    expect(handWrittenRoutes(stackOf(router))).toEqual([
      'GET /hand-written',
      'GET /elsewhere',
      'USE /prefix',
    ]);
  });

  it('answers errors with the codes the table gives their status', async () => {
    const op = (doc.paths?.['/api/merchant/highlights/{id}'] as Record<string, unknown>).patch as {
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '500', '503']),
    );
    expect(JSON.stringify(op.responses['404'])).toContain('merchant_highlight_not_found');
    expect(JSON.stringify(op.responses['401'])).toContain('unauthorized');
  });
});
