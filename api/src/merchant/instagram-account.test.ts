import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  ZApiError,
  ZHighlightStoriesResponse,
  ZInstagramConnection,
  ZWidgetInit,
} from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { signInForTest } from '../testing/sign-in.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { randomToken, sha256 } from '../auth/crypto.js';
import { AuthRepository } from '../auth/auth.repository.js';

describe('content API for the dashboard and the widget', () => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let http: RunningServer;
  let token: string;
  let mediaDir: string;

  const call = (method: string, url: string, body?: unknown, auth = true) =>
    fetch(`${http.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const errorOf = async (res: Response) => ZApiError.parse(await res.json()).error;

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-routes-'));
    runtime = await createTestRuntime({ env: { MEDIA_DIR: mediaDir } });
    services = createServices(runtime, { random: () => 0.5 });
    repos = testRepositories(runtime);
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    // Sign in the way a merchant does: a one-time code exchanged for a session.
    const code = randomToken();
    await new AuthRepository(runtime.database.db).saveMagicLinkCode({
      codeHash: sha256(code),
      email: 'owner@shop.sa',
      expiresAt: new Date(runtime.clock.now().getTime() + 60_000),
    });
    const res = await call('POST', '/api/auth/token', { grant_type: 'magic_link', code }, false);
    token = ((await res.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('refuses signed-out callers', async () => {
    expect((await call('POST', '/api/merchant/refresh', {}, false)).status).toBe(401);
    expect((await call('GET', '/api/merchant/content-status', undefined, false)).status).toBe(401);
  });

  it('validates usernames with the product messages', async () => {
    const blank = await call('POST', '/api/instagram/validate', { username: '  @ ' });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).message).toBe('Please enter an Instagram username.');
    const personal = await call('POST', '/api/instagram/validate', { username: 'personal_ali' });
    expect((await errorOf(personal)).code).toBe('instagram_not_business');
    const good = await call('POST', '/api/instagram/validate', { username: ' @Coffee.House ' });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({
      status: 'success',
      username: 'coffee.house',
      user_id: expect.any(String),
    });
  });

  it('asks for an account before a refresh', async () => {
    const res = await call('POST', '/api/merchant/refresh', {});
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Please connect an Instagram account first.');
  });

  it('connects an account once, refreshes it, and serves highlight stories publicly', async () => {
    const unknownKey = await call('PUT', '/api/merchant/account', { instagram_username: 'x', color: 'red' });
    expect(unknownKey.status).toBe(400);
    expect((await errorOf(unknownKey)).message).toMatch(/color/);

    const first = await call('PUT', '/api/merchant/account', {
      instagram_username: '@coffee.house',
      email: 'Shop@Example.com',
    });
    expect(first.status).toBe(200);
    const saved = (await first.json()) as { public_widget_key: string; instagram_username: string };
    expect(saved.instagram_username).toBe('coffee.house');
    const again = (await (
      await call('PUT', '/api/merchant/account', { instagram_username: 'coffee.house' })
    ).json()) as {
      public_widget_key: string;
    };
    // The key in a pasted snippet never changes.
    expect(again.public_widget_key).toBe(saved.public_widget_key);

    const refresh = await call('POST', '/api/merchant/refresh', {});
    expect(refresh.status).toBe(202);
    expect(await refresh.json()).toEqual({
      message: 'Content refresh initiated successfully. It may take a few minutes to appear.',
    });
    await services.refresh.refreshDueAccounts();
    const status = await (await call('GET', '/api/merchant/content-status')).json();
    expect(status).toMatchObject({ widget_content_ready: true, last_error: null });

    const snapshot = ZWidgetInit.parse(
      JSON.parse((await repos.snapshots.findByWidgetKey(saved.public_widget_key))!.body),
    );
    const highlight = snapshot.data.content.highlights[0]!;
    const stories = await fetch(
      `${http.url}/api/widget/highlights/${encodeURIComponent(highlight.external_id)}/stories?key=${saved.public_widget_key}`,
    );
    expect(stories.status).toBe(200);
    expect(stories.headers.get('access-control-allow-origin')).toBe('*');
    expect(ZHighlightStoriesResponse.parse(await stories.json()).stories.length).toBe(
      highlight.stories_count,
    );
    const missing = await fetch(
      `${http.url}/api/widget/highlights/999/stories?key=${saved.public_widget_key}`,
    );
    expect((await errorOf(missing)).message).toBe('Invalid highlight data.');
    const badKey = await fetch(`${http.url}/api/widget/highlights/1/stories?key=nope`);
    expect(badKey.status).toBe(404);

    // The media the snapshot names are served, immutable, to any site.
    const image = snapshot.data.content.feed[0]!.media.image.renditions[0]!.path;
    const media = await fetch(`${http.url}${image}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/webp');
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe.each(databaseBackends)(
  'connecting by username in production without Business Discovery on $name',
  (backend) => {
    let runtime: Runtime;
    let http: RunningServer;
    let mediaDir: string;

    beforeAll(async () => {
      mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-no-username-'));
      runtime = await createTestRuntime({
        database: await backend.open(),
        env: {
          MEDIA_DIR: mediaDir,
          NODE_ENV: 'production',
          BILLING: 'platform-only',
          AUTH_SECRET: 'q7N2vKx9TzL4pWm8RbY1cHd6JfG3sAe5',
          SMTP_URL: 'smtp://mail.example.com:587',
          APP_URL: 'https://feed.example.com',
          TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
          INSTAGRAM_APP_ID: '1234',
          INSTAGRAM_APP_SECRET: 'instagram-app-secret',
        },
      });
      http = await startHttpServer(runtime, {
        port: 0,
        host: '127.0.0.1',
        services: createServices(runtime),
      });
    });
    afterAll(async () => {
      await http.close();
      await runtime.close();
      rmSync(mediaDir, { recursive: true, force: true });
    });

    it('refuses a username with a clear message, makes up no content, and tells the dashboard to hide the path', async () => {
      const merchant = await signInForTest(runtime, http.url, 'login-only@shop.sa');
      const checked = await merchant.call('POST', '/api/instagram/validate', { username: 'anyshop' });
      expect(checked.status).toBe(409);
      expect(ZApiError.parse(await checked.json()).error).toEqual({
        code: 'instagram_username_unavailable',
        message: API_ERRORS.instagram_username_unavailable.en,
      });
      const saved = await merchant.call('PUT', '/api/merchant/account', { instagram_username: 'anyshop' });
      expect(saved.status).toBe(409);
      expect(await testRepositories(runtime).accounts.findByUserId(merchant.userId)).toBeUndefined();
      const connection = ZInstagramConnection.parse(
        await (await merchant.call('GET', '/api/instagram/connection')).json(),
      );
      expect(connection).toMatchObject({
        login_available: true,
        username_available: false,
        sample_content: false,
      });
    });
  },
);
