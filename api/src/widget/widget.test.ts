import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZApiError, ZWidgetInit } from '@app/shared';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { startFakeCdn, FAKE_CDN_PATHS, type FakeCdn } from '../testing/fake-cdn.js';
import { HttpMediaFetcher } from '../media/http-media.fetcher.js';
import { SchemeMediaFetcher } from '../media/scheme-media.fetcher.js';
import { DemoMediaFetcher } from '../instagram/demo-media.js';

/** A raw GET, so the test sees exactly the bytes and headers the server sent (fetch would decompress). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('public widget API', () => {
  let runtime: Runtime;
  let services: Services;
  let repos: Repositories;
  let server: RunningServer;
  let cdn: FakeCdn;
  let key: string;
  let merchantId: string;
  let mediaDir: string;

  beforeAll(async () => {
    cdn = await startFakeCdn();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-widget-'));
    runtime = await createTestRuntime({ env: { MEDIA_DIR: mediaDir } });
    services = createServices(runtime, {
      random: () => 0.5,
      mediaFetcher: new SchemeMediaFetcher({
        demo: new DemoMediaFetcher({ maxWidth: runtime.env.DEMO_MEDIA_MAX_WIDTH }),
        http: new HttpMediaFetcher({ allowLoopbackForTests: true, clock: runtime.clock }),
      }),
    });
    repos = testRepositories(runtime);
    server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    const { user } = await repos.users.findOrCreate({
      email: 'widget@shop.sa',
      trialEndsAt: new Date(runtime.clock.now().getTime() + 86_400_000),
    });
    merchantId = user.id;
    const connected = await services.instagramAccount.connect(user.id, 'widget.shop');
    if (!connected.ok) throw connected.error;
    key = connected.value.account.publicWidgetKey;
  });
  afterAll(async () => {
    await server.close();
    await runtime.close();
    await cdn.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers an empty snapshot as soon as an account is connected, then the content after a refresh', async () => {
    const before = ZWidgetInit.parse(
      JSON.parse((await rawGet(`${server.url}/api/widget/init?key=${key}`)).body.toString()),
    );
    expect(before.data.content.feed).toEqual([]);
    expect(before.data.content.username).toBe('widget.shop');
    await services.refresh.refreshDueAccounts();
    const after = ZWidgetInit.parse(
      JSON.parse((await rawGet(`${server.url}/api/widget/init?key=${key}`)).body.toString()),
    );
    expect(after.data.content.feed.length).toBeGreaterThan(0);
    expect(after.data.version).toBeGreaterThan(before.data.version);
  });

  it('serves the snapshot precompressed with an ETag, public caching and open CORS', async () => {
    const plain = await rawGet(`${server.url}/api/widget/init?merchantId=${key}`);
    expect(plain.status).toBe(200);
    // Revalidated by browsers on every page view (a save shows on the next load), 10 s on a CDN.
    expect(plain.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-if-error=86400');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers.etag!;
    expect(etag).toMatch(/^".+"$/);

    const br = await rawGet(`${server.url}/api/widget/init?key=${key}`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await rawGet(`${server.url}/api/widget/init?key=${key}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const notModified = await rawGet(`${server.url}/api/widget/init?key=${key}&_cb=123`, {
      'if-none-match': `W/${etag}`,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
  });

  it('refuses "preview", unknown keys and malformed identifiers with the product wording', async () => {
    const preview = await rawGet(`${server.url}/api/widget/init?key=preview`);
    expect(preview.status).toBe(400);
    expect(ZApiError.parse(JSON.parse(preview.body.toString())).error.message).toBe(
      'Cannot use "preview" as an identifier for API requests. Please use a valid widget key.',
    );
    const unknown = await rawGet(`${server.url}/api/widget/init?key=wk_doesnotexist`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    const missing = await rawGet(`${server.url}/api/widget/init`);
    expect(missing.status).toBe(400);
    const hostile = await rawGet(`${server.url}/api/widget/init?key=${encodeURIComponent('<script>')}`);
    expect(hostile.status).toBe(400);
    expect(ZApiError.parse(JSON.parse(hostile.body.toString())).error.message).toBe(
      'Widget identifier is invalid or missing.',
    );
  });

  it('finds a Salla or Zid store by its store id', async () => {
    await runtime.database.db.execute(
      sql`insert into salla_connections (user_id, store_id) values (${merchantId}, '99887766')`,
    );
    const bySalla = await rawGet(`${server.url}/api/widget/init?store_id=99887766&platform=salla`);
    expect(bySalla.status).toBe(200);
    expect(ZWidgetInit.parse(JSON.parse(bySalla.body.toString())).data.config.public_widget_key).toBe(key);
    const anyPlatform = await rawGet(`${server.url}/api/widget/init?store_id=99887766`);
    expect(anyPlatform.status).toBe(200);
    expect((await rawGet(`${server.url}/api/widget/init?store_id=11111&platform=zid`)).status).toBe(404);
  });

  it('says a hidden widget is disabled and sends none of its content', async () => {
    const prefs = await repos.preferences.findOrCreate(merchantId);
    const { settings } = prefs;
    await repos.preferences.save(merchantId, prefs.version, { ...settings, widget_enabled: false });
    await services.snapshots.rebuild(merchantId);
    const hidden = ZWidgetInit.parse(
      JSON.parse((await rawGet(`${server.url}/api/widget/init?key=${key}`)).body.toString()),
    );
    expect(hidden.data.config.widget_enabled).toBe(false);
    expect(hidden.data.content.feed).toEqual([]);
    const again = await repos.preferences.findOrCreate(merchantId);
    await repos.preferences.save(merchantId, again.version, settings);
    await services.snapshots.rebuild(merchantId);
    const shown = ZWidgetInit.parse(
      JSON.parse((await rawGet(`${server.url}/api/widget/init?key=${key}`)).body.toString()),
    );
    expect(shown.data.content.feed.length).toBeGreaterThan(0);
  });

  it('a settings save reaches the very next page view: the old ETag is answered with the new snapshot', async () => {
    const first = await rawGet(`${server.url}/api/widget/init?key=${key}`);
    const oldEtag = first.headers.etag!;
    // A warm process copy must not hide the save either (the process that saves forgets its copy).
    expect(
      (await rawGet(`${server.url}/api/widget/init?key=${key}`, { 'if-none-match': oldEtag })).status,
    ).toBe(304);
    const user = (await repos.users.findById(merchantId))!;
    const prefs = await repos.preferences.findOrCreate(merchantId);
    const { settings } = prefs;
    const saved = await services.merchant.saveSettings(user, {
      version: prefs.version,
      settings: { ...settings, title_settings: { ...settings.title_settings, title: 'Saved and seen' } },
    });
    expect(saved.ok).toBe(true);
    const next = await rawGet(`${server.url}/api/widget/init?key=${key}`, { 'if-none-match': oldEtag });
    expect(next.status).toBe(200);
    expect(next.headers.etag).not.toBe(oldEtag);
    expect(next.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-if-error=86400');
    const body = ZWidgetInit.parse(JSON.parse(next.body.toString()));
    expect(JSON.stringify(body.data.config)).toContain('Saved and seen');
  });

  it('answers the product content and account calls', async () => {
    const feed = (await (
      await fetch(`${server.url}/api/widget/content?key=${key}&type=feed&_cb=1`)
    ).json()) as {
      status: string;
      data: {
        feed: unknown[];
        accountInfo: { username: string; profilePictureUrl: string | null; accountData: unknown };
      };
    };
    expect(feed.status).toBe('success');
    expect(feed.data.feed.length).toBeGreaterThan(0);
    // Older widgets read the keys the product first gave this answer.
    expect(Object.keys(feed.data.accountInfo).sort()).toEqual([
      'accountData',
      'profilePictureUrl',
      'username',
    ]);
    expect(feed.data.accountInfo.username).toBe('widget.shop');
    const highlights = (await (
      await fetch(`${server.url}/api/widget/content?key=${key}&type=highlights`)
    ).json()) as { data: { highlights: unknown[] } };
    expect(highlights.data.highlights.length).toBeGreaterThan(0);
    const account = await fetch(`${server.url}/api/widget/account?key=${key}`);
    expect(account.headers.get('content-type')).toContain('application/json');
    expect(((await account.json()) as { data: { username: string } }).data.username).toBe('widget.shop');
    expect((await fetch(`${server.url}/api/widget/content?key=preview&type=feed`)).status).toBe(400);
  });

  it('proxies only Instagram CDN images', async () => {
    const refused = await fetch(
      `${server.url}/api/image-proxy?url=${encodeURIComponent('https://evil.example.com/a.jpg')}`,
    );
    expect(refused.status).toBe(400);
    const notHttps = await fetch(
      `${server.url}/api/image-proxy?url=${encodeURIComponent(cdn.url(FAKE_CDN_PATHS.jpeg))}`,
    );
    expect(notHttps.status).toBe(400);
    const noUrl = await fetch(`${server.url}/api/image-proxy`);
    expect(noUrl.status).toBe(400);
  });
});
