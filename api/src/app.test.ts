import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApiError, ZHealth } from '@app/shared';
import type { Runtime } from './runtime.js';
import { startHttpServer, type RunningServer } from './server.js';
import { createTestRuntime } from './testing/runtime.js';

describe('HTTP app', () => {
  let runtime: Runtime;
  let http: RunningServer;
  let pwaDir: string;

  beforeAll(async () => {
    pwaDir = mkdtempSync(path.join(tmpdir(), 'pwa-'));
    mkdirSync(path.join(pwaDir, 'assets'));
    writeFileSync(path.join(pwaDir, 'index.html'), '<!doctype html><title>landing</title>');
    writeFileSync(path.join(pwaDir, 'app.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(pwaDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    runtime = await createTestRuntime();
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', pwaDir });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('reports health with the backends in use', async () => {
    const res = await fetch(`${http.url}/healthz`);
    expect(res.status).toBe(200);
    expect(ZHealth.parse(await res.json())).toEqual({
      status: 'ok',
      db: 'pglite',
      cache: 'memory',
      version: '9.9.9',
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await fetch(`${http.url}/api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    const body = ZApiError.parse(await res.json());
    expect(body.error.code).toBe('not_found');
  });

  it('sends "Install on Zid" to the page on adding the widget by hand when the Zid app is not configured', async () => {
    const res = await fetch(`${http.url}/api/integrations/zid/install`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/install/zid');
    // That page is the app's, not an error answer.
    const page = await fetch(`${http.url}/install/zid`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
  });

  it('turns a malformed JSON body into a 400 with a code', async () => {
    const res = await fetch(`${http.url}/api/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(ZApiError.parse(await res.json()).error.code).toBe('invalid_json');
  });

  it('serves the prerendered landing page at /, the PWA shell for client routes and immutable hashed assets', async () => {
    const landing = await fetch(`${http.url}/?utm_source=store`, { headers: { accept: 'text/html' } });
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<title>landing</title>');
    const page = await fetch(`${http.url}/dashboard?tab=settings`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    const invoice = await fetch(`${http.url}/dashboard/invoices/abc`, { headers: { accept: 'text/html' } });
    expect(invoice.status).toBe(200);
    // An address the app has no page for: the shell (its 404 page) with HTTP 404.
    const unknown = await fetch(`${http.url}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<title>shell</title>');
    expect((await fetch(`${http.url}/dashboard/nope`, { headers: { accept: 'text/html' } })).status).toBe(
      404,
    );
    const landingByName = await fetch(`${http.url}/index.html`);
    expect(await landingByName.text()).toContain('<title>landing</title>');
    const asset = await fetch(`${http.url}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missingAsset = await fetch(`${http.url}/assets/missing.js`, { headers: { accept: '*/*' } });
    expect(missingAsset.status).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await fetch(`${http.url}/healthz`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
