import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError, ZInstagramUrl, ZMerchant, ZStoredPost } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { signInForTest } from '../testing/sign-in.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { ZGraphMedia } from '../instagram/graph.schemas.js';

const SALLA_SECRET = 'salla-webhook-secret-0123456789';
const ZID_SECRET = 'zid-webhook-secret-0123456789abcdef';
const MOYASAR_SECRET = 'moyasar-webhook-secret-0123';

describe.each(databaseBackends)('text we cannot store on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;

  beforeAll(async () => {
    runtime = await createTestRuntime({
      database: await backend.open(),
      env: {
        SALLA_WEBHOOK_SECRET: SALLA_SECRET,
        ZID_WEBHOOK_SECRET: ZID_SECRET,
        MOYASAR_WEBHOOK_SECRET: MOYASAR_SECRET,
      },
    });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  const codeOf = async (res: Response) => ZApiError.parse(await res.json()).error.code;

  it('refuses a NUL in the widget title with 400 invalid_characters', async () => {
    const { call } = await signInForTest(runtime, http.url, 'nul@shop.sa');
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    const settings = structuredClone(merchant.display_settings);
    settings.title_settings.title = 'Shop\u0000';
    const res = await call('PUT', '/api/merchant/settings', { version: merchant.settings_version, settings });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('invalid_characters');
    settings.title_settings.title = 'Shop';
    expect(
      (await call('PUT', '/api/merchant/settings', { version: merchant.settings_version, settings })).status,
    ).toBe(200);
  });

  it('refuses a NUL, an overlong or an odd stories key with 400, never a 500', async () => {
    const stories = (query: string, id = '123') =>
      fetch(`${http.url}/api/widget/highlights/${id}/stories?${query}`);
    const nul = await stories('key=abc%00def');
    expect(nul.status).toBe(400);
    expect(await codeOf(nul)).toBe('invalid_characters');
    expect((await stories(`key=${'a'.repeat(5000)}`)).status).toBe(400);
    expect((await stories('key=a%20b%3Cscript%3E')).status).toBe(400);
    expect((await stories('key=known-shape', 'x%00y')).status).toBe(400);
    expect((await stories('key=known-shape', 'a'.repeat(500))).status).toBe(400);
    // A well-formed key that matches nothing is a 404, as before.
    expect((await stories('key=no_such_widget')).status).toBe(404);
  });

  it('refuses a NUL in the public widget query', async () => {
    for (const query of [
      'key=ab%00c',
      `key=${'k'.repeat(500)}`,
      'key=abc&_cb=%00',
      `key=abc&_cb=${'1'.repeat(100)}`,
    ]) {
      const res = await fetch(`${http.url}/api/widget/content?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('refuses signed webhook bodies holding a NUL with 400 invalid_characters', async () => {
    const sallaBody = JSON.stringify({
      event: 'app.store.authorize',
      merchant: 1234,
      created_at: '2026-01-01 10:00:00',
      data: { access_token: 'tok\u0000en', refresh_token: 'r', expires: 1, scope: 's' },
    });
    const salla = await fetch(`${http.url}/api/integrations/salla/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-salla-signature': createHmac('sha256', SALLA_SECRET).update(sallaBody).digest('hex'),
      },
      body: sallaBody,
    });
    expect(salla.status).toBe(400);
    expect(await codeOf(salla)).toBe('invalid_characters');

    const zid = await fetch(`${http.url}/api/integrations/zid/webhook/${ZID_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_name: 'app.market.subscription.active', store_id: 77, status: 'a\u0000' }),
    });
    expect(zid.status).toBe(400);
    expect(await codeOf(zid)).toBe('invalid_characters');

    const moyasar = await fetch(`${http.url}/api/billing/moyasar/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'evt\u0000',
        type: 'payment_paid',
        secret_token: MOYASAR_SECRET,
        data: { id: 'pay_1' },
      }),
    });
    expect(moyasar.status).toBe(400);
    expect(await codeOf(moyasar)).toBe('invalid_characters');
  });
});

describe('links to Instagram', () => {
  it('are https on instagram.com only', () => {
    for (const ok of ['https://www.instagram.com/p/C123/', 'https://instagram.com/reel/x/']) {
      expect(ZInstagramUrl.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(document.cookie)',
      'JavaScript://www.instagram.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://www.instagram.com/p/C123/',
      'https://instagram.com.evil.example/p/1',
      'https://evilinstagram.com/p/1',
      'https://user:pw@www.instagram.com/p/1',
      'vbscript:msgbox(1)',
    ]) {
      expect(ZInstagramUrl.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('a stored post refuses any other link, and a Graph permalink that is not one falls back to the profile', () => {
    const post = {
      id: '1',
      type: 'image',
      media_type: 'IMAGE',
      caption: '',
      username: 'shop',
      timestamp: '2026-01-01T00:00:00Z',
      like_count: null,
      comment_count: null,
      media: { type: 'image', image: { renditions: [], width: 1, height: 1 } },
      children: [],
    };
    expect(ZStoredPost.safeParse({ ...post, source_url: 'javascript:alert(1)' }).success).toBe(false);
    const media = ZGraphMedia.parse({
      id: '1',
      media_type: 'IMAGE',
      permalink: 'javascript:alert(1)',
      timestamp: '2026-01-01T00:00:00+0000',
    });
    expect(media.permalink).toBeUndefined();
  });
});
