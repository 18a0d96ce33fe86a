import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, ZApiError } from '@app/shared';
import { Readable } from 'node:stream';
import type { MediaFetcher, MediaStreamer } from '../instagram/instagram.source.js';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { createServices } from '../services.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { IMAGE_PROXY_LIMITS } from './widget.routes.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** A CDN that answers only when told to, counting how many fetches are open at once. */
function heldFetcher() {
  const held: (() => void)[] = [];
  let open = 0;
  let maxOpen = 0;
  const fetcher: MediaFetcher = {
    fetch: async () => {
      open++;
      maxOpen = Math.max(maxOpen, open);
      await new Promise<void>((resolve) => held.push(resolve));
      open--;
      return { ok: true, value: { bytes: PNG, contentType: 'image/png' } };
    },
  };
  return {
    fetcher,
    held,
    maxOpen: () => maxOpen,
    releaseAll: () => held.splice(0).forEach((r) => r()),
  };
}

describe.each(databaseBackends)('image proxy load on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;
  const cdn = heldFetcher();

  beforeAll(async () => {
    runtime = await createTestRuntime({ database: await backend.open() });
    const services = createServices(runtime, { mediaFetcher: cdn.fetcher });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    cdn.releaseAll();
    await http?.close();
    await runtime?.close();
  });

  it('fetches a bounded number at once, queues a few more, and answers the rest 503 with Retry-After', async () => {
    const proxied = (n: number) =>
      fetch(
        `${http.url}/api/image-proxy?url=${encodeURIComponent(`https://scontent.cdninstagram.com/${n}.png`)}`,
      );
    const capacity = IMAGE_PROXY_LIMITS.active + IMAGE_PROXY_LIMITS.queued;
    const accepted = Array.from({ length: capacity }, (_, n) => proxied(n));
    // Wait until the active ones reach the CDN (the rest wait in the queue).
    for (let i = 0; i < 200 && cdn.held.length < IMAGE_PROXY_LIMITS.active; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(cdn.held.length).toBe(IMAGE_PROXY_LIMITS.active);

    const refused = await proxied(999);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(IMAGE_PROXY_LIMITS.retryAfterSeconds));
    expect(ZApiError.parse(await refused.json()).error.code).toBe('proxy_busy');

    // Releasing lets the queue through, never more than the limit at once.
    const release = setInterval(() => cdn.releaseAll(), 5);
    try {
      const statuses = await Promise.all(accepted.map(async (r) => (await r).status));
      expect(statuses.every((s) => s === 200)).toBe(true);
    } finally {
      clearInterval(release);
    }
    expect(cdn.maxOpen()).toBe(IMAGE_PROXY_LIMITS.active);
  });
});

describe('image proxy streaming', () => {
  let runtime: Runtime;
  let http: RunningServer;
  let releaseRest: () => void = () => undefined;
  const rest = new Promise<void>((resolve) => (releaseRest = resolve));
  const streamer: MediaStreamer = {
    open: (url) => {
      async function* body() {
        yield PNG;
        await rest; // the CDN is slow with the rest of the file
        if (url.includes('too-large')) throw new Error('The media is larger than the limit.');
        yield Buffer.from('tail');
      }
      return Promise.resolve({ ok: true, value: { contentType: 'image/png', body: Readable.from(body()) } });
    },
  };

  beforeAll(async () => {
    runtime = await createTestRuntime({ database: await databaseBackends[0]!.open() });
    const services = createServices(runtime, { proxyStreamer: streamer });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    releaseRest();
    await http?.close();
    await runtime?.close();
  });

  const proxied = (name: string) =>
    fetch(
      `${http.url}/api/image-proxy?url=${encodeURIComponent(`https://scontent.cdninstagram.com/${name}`)}`,
    );

  it('passes the first bytes on before the CDN has sent the rest, and cuts an answer that fails half-way', async () => {
    const whole = await proxied('a.png');
    const cut = await proxied('too-large.png');
    expect([whole.status, cut.status]).toEqual([200, 200]);
    const reader = whole.body!.getReader();
    const first = await reader.read();
    // Nothing buffered the file: the PNG signature arrived while the rest is still held back.
    expect(Buffer.from(first.value!).subarray(0, PNG.length).equals(PNG)).toBe(true);
    releaseRest();
    const chunks = [Buffer.from(first.value!)];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(Buffer.from(next.value));
    expect(Buffer.concat(chunks).equals(Buffer.concat([PNG, Buffer.from('tail')]))).toBe(true);
    // The failing one is dropped mid-way: the client sees a broken transfer, never a complete short image.
    await expect(cut.arrayBuffer()).rejects.toThrow();
  });
});

describe.each(databaseBackends)('image proxy failures on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;
  // What the fetcher says when DNS or the CDN fails: hosts and resolver errors, for the log only.
  const failures = {
    network: 'getaddrinfo ENOTFOUND scontent-ams2-1.cdninstagram.com',
    blocked: 'scontent.cdninstagram.com resolved to 10.0.0.7, a private address',
    http: 'scontent.cdninstagram.com answered HTTP 403',
  } as const;
  const streamer: MediaStreamer = {
    open: (url) => {
      const kind = new URL(url).pathname.slice(1) as keyof typeof failures;
      return Promise.resolve({ ok: false, error: { kind, message: failures[kind] } });
    },
  };

  beforeAll(async () => {
    runtime = await createTestRuntime({ database: await backend.open() });
    const services = createServices(runtime, { proxyStreamer: streamer });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  it('answers the error table’s message, never the upstream host or resolver error', async () => {
    for (const kind of Object.keys(failures) as (keyof typeof failures)[]) {
      const res = await fetch(
        `${http.url}/api/image-proxy?url=${encodeURIComponent(`https://scontent.cdninstagram.com/${kind}`)}`,
      );
      const { error } = ZApiError.parse(await res.json());
      expect(error, kind).toEqual({ code: `proxy_${kind}`, message: API_ERRORS[`proxy_${kind}`].en });
      expect(JSON.stringify(error)).not.toMatch(/cdninstagram|getaddrinfo|10\.0\.0\.7/);
    }
  });
});
