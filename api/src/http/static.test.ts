import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID, ZPublicConfig, type TPublicConfig } from '@app/shared';
import { pwaRoutes } from './static.js';

const slot = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">{}</script>`;
const config: TPublicConfig = {
  support_whatsapp: '966512345678',
  support_chat_url: 'https://wa.me/966512345678',
  company: {
    legal_name: 'Lamha </script><b>Co',
    commercial_registration: '1010123456',
    vat_number: '310123456700003',
  },
  salla_app_url: 'https://apps.salla.sa/ar/app/123456789',
  zid_app_url: null,
};

/** The config a page carries, read back the way the browser does. */
function configIn(html: string): unknown {
  const match = new RegExp(`id="${PUBLIC_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe('the PWA pages carry the public configuration', () => {
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pwa-config-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>landing</title>${slot}`);
    writeFileSync(path.join(dir, 'app.html'), `<!doctype html><title>shell</title>${slot}`);
    const app = express().use(pwaRoutes(dir, config));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('writes it into the landing page, the shell and both pages asked for by name', async () => {
    for (const [address, title] of [
      ['/', 'landing'],
      ['/index.html', 'landing'],
      ['/dashboard', 'shell'],
      ['/app.html', 'shell'],
    ] as const) {
      const res = await fetch(url + address, { headers: { accept: 'text/html' } });
      expect(res.status, address).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(ZPublicConfig.parse(configIn(html))).toEqual(config);
    }
  });

  it('never lets a value close the script element', async () => {
    const html = await (await fetch(`${url}/`, { headers: { accept: 'text/html' } })).text();
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>\\u003cb>Co');
  });
});
