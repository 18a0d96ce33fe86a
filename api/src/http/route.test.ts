import type { AddressInfo } from 'node:net';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '@app/shared/contracts';
import { errorHandler, notFoundHandler } from './error-middleware.js';
import { AppError } from './errors.js';
import { ANSWERED, contractRoutes } from './route.js';

const ZId = z.string().regex(/^[a-z]+$/, 'The id is lower-case letters.');
const get = contract({
  method: 'get',
  path: '/things/:id',
  summary: 'A thing',
  auth: 'merchant',
  params: z.object({ id: ZId }),
  query: z.object({ n: z.coerce.number().int().min(1).default(1) }),
  answerKind: 'json',
  answer: z.object({ id: z.string(), n: z.number() }),
  errors: [],
});
const create = contract({
  method: 'post',
  path: '/things',
  summary: 'Make a thing',
  auth: 'public',
  body: z.object({ name: z.string().min(1), kind: z.enum(['a', 'b']).default('a') }),
  status: 201,
  answerKind: 'json',
  answer: z.object({ name: z.string(), kind: z.string() }),
  errors: [],
});
const remove = contract({
  method: 'delete',
  path: '/things/:id',
  summary: 'Remove a thing',
  auth: 'public',
  status: 204,
  answerKind: 'empty',
  errors: [],
});
const page = contract({
  method: 'get',
  path: '/page',
  summary: 'A page',
  auth: 'public',
  answerKind: 'html',
  errors: [],
});

describe('contractRoutes', () => {
  let url: string;
  let close: () => void;
  const removed: string[] = [];

  beforeAll(async () => {
    const router = Router();
    const route = contractRoutes(router, {
      merchant: (req, _res, next) => {
        if (req.get('authorization') !== 'Bearer ok') throw new AppError('unauthorized');
        next();
      },
    });
    route(get, ({ params, query }) => ({ id: params.id, n: query.n }));
    route(create, ({ body }) => body);
    route(remove, ({ params }) => {
      removed.push(params.id!);
    });
    route(page, ({ res }) => {
      res.type('html').send('<p>hi</p>');
      return ANSWERED;
    });
    const app = express();
    app.use(express.json());
    app.use(router);
    app.use(notFoundHandler);
    app.use(errorHandler);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const ok = { authorization: 'Bearer ok' };

  it("takes the method and path from the contract and answers the parsed input as the contract's JSON", async () => {
    const res = await fetch(`${url}/things/abc?n=3`, { headers: ok });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'abc', n: 3 });
    expect(await (await fetch(`${url}/things/abc`, { headers: ok })).json()).toEqual({ id: 'abc', n: 1 });
    expect((await fetch(`${url}/things/abc`, { method: 'PUT', headers: ok })).status).toBe(404);
  });

  it("puts the contract's guard first: an unauthorised caller is refused before the input is read", async () => {
    const res = await fetch(`${url}/things/ABC?n=0`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it("answers a bad path parameter with the parameter schema's own message, a bad query field by name", async () => {
    const res = await fetch(`${url}/things/ABC`, { headers: ok });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; details: unknown } };
    expect(body.error).toMatchObject({ code: 'invalid_input', message: 'The id is lower-case letters.' });
    // The parameter is parsed on its own, as the routers did before contracts: its issue has no path.
    expect(body.error.details).toMatchObject([{ path: [] }]);
    const query = (await (await fetch(`${url}/things/abc?n=0`, { headers: ok })).json()) as {
      error: { message: string };
    };
    expect(query.error.message).toMatch(/^n: /);
  });

  it("parses the body with the contract's schema (defaults applied) and answers with the contract's status", async () => {
    const post = (body: unknown) =>
      fetch(`${url}/things`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await post({ name: 'x' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: 'x', kind: 'a' });
    const bad = await post({ name: '', kind: 'c' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/name: .*; kind: /);
  });

  it('ends an empty answer with its status, and leaves an answer the handler wrote as it is', async () => {
    const res = await fetch(`${url}/things/zz`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(removed).toEqual(['zz']);
    const html = await fetch(`${url}/page`);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await html.text()).toBe('<p>hi</p>');
  });

  it('refuses to register a signed-in route without its guard', () => {
    const route = contractRoutes(Router());
    expect(() => route(get, () => ({ id: 'a', n: 1 }))).toThrow('GET /things/:id: no merchant guard given');
  });
});
