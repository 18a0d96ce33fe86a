import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAdminRefreshResponse, ZAdminUsersResponse, type TAdminAccount } from '@app/shared';
import { eq } from 'drizzle-orm';
import { authRoutes } from '../auth/auth.routes.js';
import { instagramAccounts } from '../db/schema.js';
import type { Runtime } from '../runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { databaseBackends } from '../testing/backends.js';
import { appWith, errorOf, serve, type Served } from '../testing/admin-test-server.js';
import { createTestRuntime } from '../testing/runtime.js';
import { signInForTest } from '../testing/sign-in.js';
import { adminRoutes } from './admin.routes.js';

// ---- walking the router --------------------------------------------------------------------------------

interface RouteEntry {
  method: string;
  path: string;
}

interface WalkLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: WalkLayer[] };
  rawPath?: unknown;
}

/** Every (method, path) a router answers, nested routers included, read from Express's own stack. */
function routesOf(router: Router, prefix = ''): RouteEntry[] {
  const found: RouteEntry[] = [];
  for (const layer of (router as unknown as { stack: WalkLayer[] }).stack) {
    if (layer.route) {
      const paths = [layer.route.path].flat(Infinity);
      for (const p of paths) {
        if (typeof p !== 'string') throw new Error(`a route path the guard test cannot call: ${String(p)}`);
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on) found.push({ method: method === '_all' ? 'get' : method, path: `${prefix}${p}` });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      found.push(...routesOf(layer.handle as unknown as Router, `${prefix}${mount}`));
    }
  }
  return found;
}

/** A concrete URL for a route pattern: optional groups kept, every parameter filled with a probe value. */
const concrete = (pattern: string) => pattern.replace(/[{}]/g, '').replace(/[:*][A-Za-z0-9_]+/g, 'probe');

/** The routes among `routes` that do not answer a signed-out caller 401 and a non-admin 403. */
async function unguarded(baseUrl: string, routes: RouteEntry[], merchantToken: string): Promise<string[]> {
  const failures: string[] = [];
  for (const { method, path: pattern } of routes.filter((r) => r.path.startsWith('/api/admin'))) {
    const url = `${baseUrl}${concrete(pattern)}`;
    // A body that would pass validation, so only the guard can stop the request.
    const body =
      method === 'get' || method === 'head'
        ? undefined
        : JSON.stringify({ refresh_all: true, source_type: 'all', force_invalidate: true });
    for (const [who, token, expected] of [
      ['signed out', undefined, 401],
      ['merchant', merchantToken, 403],
    ] as const) {
      const res = await fetch(url, {
        method: method.toUpperCase(),
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body } : {}),
      });
      if (res.status !== expected)
        failures.push(`${method.toUpperCase()} ${pattern} (${who}): ${res.status}, expected ${expected}`);
    }
  }
  return failures;
}

// ---- the admin API -------------------------------------------------------------------------------------

describe.each(databaseBackends)('admin API on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let router: Router;
  let http: Served;
  let mediaDir: string;
  let adminToken: string;
  let merchantToken: string;
  let merchantUserId: string;
  const seededUserIds: string[] = [];
  let kicks = 0;

  const call = (method: string, url: string, body?: unknown, token: string | undefined = adminToken) =>
    fetch(`${http.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const refreshBody = (extra: Record<string, unknown>) => ({
    source_type: 'all',
    force_invalidate: true,
    ...extra,
  });
  const allAccounts = async (): Promise<TAdminAccount[]> =>
    ZAdminUsersResponse.parse(await (await call('GET', '/api/admin/users?page_size=200')).json()).accounts;
  const nextRefreshOf = async (userId: string) => (await repos.accounts.findByUserId(userId))!.nextRefreshAt;
  const pushAllIntoFuture = () =>
    runtime.database.db
      .update(instagramAccounts)
      .set({ nextRefreshAt: new Date(runtime.clock.now().getTime() + 86_400_000) });

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-admin-'));
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: { ADMIN_EMAILS: 'boss@shop.sa', MEDIA_DIR: mediaDir },
    });
    services = createServices(runtime, { random: () => 0.5 });
    repos = testRepositories(runtime);
    services.onAccountDue(() => kicks++);
    router = adminRoutes({ auth: services.auth, admin: services.admin });
    http = await serve(appWith(authRoutes(services.auth, { secureCookies: false }), router));
    adminToken = (await signInForTest(runtime, http.url, 'boss@shop.sa')).accessToken;
    merchantToken = (await signInForTest(runtime, http.url, 'owner@shop.sa')).accessToken;
    merchantUserId = (await repos.users.findByEmail('owner@shop.sa'))!.id;

    // The merchant's account is refreshed once (demo source), so it has a profile picture and counts.
    await services.instagramAccount.connect(merchantUserId, 'coffee.house');
    await services.refresh.refreshDueAccounts();
    // Four more merchants, connected one after another so the newest-first order is observable.
    for (let i = 1; i <= 4; i++) {
      const { user } = await repos.users.findOrCreate({ email: `m${i}@shop.sa` });
      const account = await repos.accounts.connect({
        userId: user.id,
        username: `store.${i}`,
        externalId: null,
        now: runtime.clock.now(),
      });
      await runtime.database.db
        .update(instagramAccounts)
        .set({ createdAt: new Date(Date.now() + i * 1000) })
        .where(eq(instagramAccounts.id, account.id));
      seededUserIds.push(user.id);
    }
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('finds the admin routes by walking the router, and each refuses signed-out callers and non-admins', async () => {
    const routes = routesOf(router);
    // The walk itself must work: the known routes are among what it found.
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'get', path: '/api/admin/users' },
        { method: 'post', path: '/api/admin/content-refresh' },
        { method: 'get', path: '/api/admin/cache-stats' },
      ]),
    );
    expect(routes.every((r) => r.path.startsWith('/api/admin/'))).toBe(true);
    expect(await unguarded(http.url, routes, merchantToken)).toEqual([]);
  });

  it('the guard check catches a route added without requireAdmin', async () => {
    const leaky = Router();
    leaky.get('/api/admin/leak/:id', (_req, res) => {
      res.json({ secret: true });
    });
    const nested = Router();
    nested.post('/purge', (_req, res) => {
      res.status(202).json({});
    });
    leaky.use('/api/admin/nested', nested);
    const server = await serve(appWith(adminRoutes({ auth: services.auth, admin: services.admin }), leaky));
    try {
      const routes = routesOf(leaky);
      expect(routes).toEqual([
        { method: 'get', path: '/api/admin/leak/:id' },
        { method: 'post', path: '/api/admin/nested/purge' },
      ]);
      const failures = await unguarded(server.url, routes, merchantToken);
      expect(failures).toHaveLength(4);
      expect(failures[0]).toMatch(/GET \/api\/admin\/leak\/:id \(signed out\): 200, expected 401/);
    } finally {
      await server.close();
    }
  });

  it('lists connected accounts with profile figures, plan and e-mail, newest first', async () => {
    const res = await call('GET', '/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = ZAdminUsersResponse.parse(await res.json());
    expect(body).toMatchObject({ page: 1, page_size: 50, total: 5 });
    expect(body.accounts.map((a) => a.instagram_username)).toEqual([
      'store.4',
      'store.3',
      'store.2',
      'store.1',
      'coffee.house',
    ]);

    const refreshed = body.accounts.find((a) => a.user_id === merchantUserId)!;
    expect(refreshed).toMatchObject({
      instagram_username: 'coffee.house',
      email: 'owner@shop.sa',
      plan: 'trial',
      last_error: null,
      is_verified: expect.any(Boolean),
      followers_count: expect.any(Number),
      media_count: expect.any(Number),
    });
    expect(refreshed.profile_picture_url).toMatch(/^\/media\/\S+\.webp$/);
    expect(new Date(refreshed.last_fetched_at!).toISOString()).toBe(refreshed.last_fetched_at);
    const never = body.accounts.find((a) => a.instagram_username === 'store.1')!;
    expect(never).toMatchObject({
      profile_picture_url: null,
      last_fetched_at: null,
      followers_count: null,
      media_count: null,
      is_verified: false,
      email: 'm1@shop.sa',
      plan: 'free',
    });
  });

  it('pages through the list without gaps or repeats, within bounds', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = ZAdminUsersResponse.parse(
        await (await call('GET', `/api/admin/users?page=${page}&page_size=2`)).json(),
      );
      expect(body).toMatchObject({ page, page_size: 2, total: 5 });
      expect(body.accounts).toHaveLength(page === 3 ? 1 : 2);
      seen.push(...body.accounts.map((a) => a.id));
    }
    expect(new Set(seen).size).toBe(5);
    const beyond = ZAdminUsersResponse.parse(
      await (await call('GET', '/api/admin/users?page=9&page_size=2')).json(),
    );
    expect(beyond.accounts).toEqual([]);
    expect((await call('GET', '/api/admin/users?page_size=200')).status).toBe(200);

    for (const query of ['page_size=201', 'page_size=0', 'page=0', 'page=-1', 'page_size=abc', 'page=1.5']) {
      const res = await call('GET', `/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).message, query).toMatch(
        query.startsWith('page_size') ? /page_size/ : /page/,
      );
    }
  });

  it('queues one account for refresh without waiting for Instagram', async () => {
    await pushAllIntoFuture();
    const kicksBefore = kicks;
    const res = await call('POST', '/api/admin/content-refresh', refreshBody({ user_id: merchantUserId }));
    expect(res.status).toBe(202);
    expect(ZAdminRefreshResponse.parse(await res.json())).toEqual({
      message: 'Content refresh initiated successfully',
      queued: 1,
    });
    expect((await nextRefreshOf(merchantUserId)).getTime()).toBeLessThanOrEqual(
      runtime.clock.now().getTime(),
    );
    // Only that account became due, and the refresh engine was told.
    expect((await nextRefreshOf(seededUserIds[0]!)).getTime()).toBeGreaterThan(runtime.clock.now().getTime());
    expect(kicks).toBe(kicksBefore + 1);
  });

  it('answers 404 for a user without a connected account', async () => {
    const adminId = (await repos.users.findByEmail('boss@shop.sa'))!.id;
    for (const userId of [adminId, '00000000-0000-4000-8000-00000000abcd']) {
      const res = await call('POST', '/api/admin/content-refresh', refreshBody({ user_id: userId }));
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({
        code: 'account_not_found',
        message: 'No connected Instagram account for this user.',
      });
    }
  });

  it('queues every account at once and says how many', async () => {
    await pushAllIntoFuture();
    const kicksBefore = kicks;
    const res = await call('POST', '/api/admin/content-refresh', refreshBody({ refresh_all: true }));
    expect(res.status).toBe(202);
    expect(ZAdminRefreshResponse.parse(await res.json())).toEqual({
      message: 'Content refresh initiated for 5 accounts',
      queued: 5,
    });
    expect(await repos.accounts.countDue(runtime.clock.now())).toBe(5);
    expect(kicks).toBe(kicksBefore + 1);
    // The engine takes them a batch at a time; the list still answers meanwhile.
    expect((await allAccounts()).length).toBe(5);
  });

  it('refuses malformed refresh bodies with a message naming the problem', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /source_type|force_invalidate|user_id/],
      [refreshBody({}), /Send either user_id or refresh_all: true\./],
      [
        refreshBody({ user_id: merchantUserId, refresh_all: true }),
        /Send either user_id or refresh_all: true\./,
      ],
      [refreshBody({ user_id: 'not-a-uuid' }), /user_id/],
      [refreshBody({ refresh_all: false }), /refresh_all/],
      [{ refresh_all: true, source_type: 'feed', force_invalidate: true }, /source_type/],
      [{ refresh_all: true, source_type: 'all' }, /force_invalidate/],
      [refreshBody({ refresh_all: true, extra: 1 }), /extra/],
      [[1, 2], /body|expected/i],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/admin/content-refresh', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message, JSON.stringify(body)).toMatch(message);
    }
    const notJson = await fetch(`${http.url}/api/admin/content-refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: '{"refresh_all": tru',
    });
    expect(notJson.status).toBe(400);
  });
});

// ---- cache statistics ----------------------------------------------------------------------------------
