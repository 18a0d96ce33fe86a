import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import {
  DISALLOWED_REDIRECT_TARGET,
  FAKE_CDN_PATHS,
  startFakeCdn,
  type FakeCdn,
} from '../testing/fake-cdn.js';
import {
  HttpMediaFetcher,
  parseOeExpiry,
  type HttpMediaFetcherOptions,
  type ResolvedAddress,
} from './http-media.fetcher.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const hexSeconds = (date: Date) => Math.floor(date.getTime() / 1000).toString(16);
const IN_A_DAY = hexSeconds(new Date(NOW.getTime() + 86_400_000));
const AN_HOUR_AGO = hexSeconds(new Date(NOW.getTime() - 3_600_000));

function failureOf<T, E>(result: { ok: true; value: T } | { ok: false; error: E }): E {
  if (result.ok) throw new Error('expected a failure, got success');
  return result.error;
}

describe('HttpMediaFetcher against the fake CDN (loopback allowed)', () => {
  let cdn: FakeCdn;
  const clock = new ManualClock(NOW);
  const fetcher = (options: HttpMediaFetcherOptions = {}) =>
    new HttpMediaFetcher({ allowLoopbackForTests: true, clock, timeoutMs: 5_000, ...options });

  beforeAll(async () => {
    cdn = await startFakeCdn();
  });
  afterAll(async () => {
    await cdn.close();
  });

  it('downloads a JPEG, a PNG and an MP4 with their sniffed types', async () => {
    const jpeg = await fetcher().fetch(cdn.url(`${FAKE_CDN_PATHS.jpeg}?oe=${IN_A_DAY}`));
    expect(jpeg).toEqual({ ok: true, value: { bytes: cdn.fixtures.jpeg, contentType: 'image/jpeg' } });
    const png = await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.png));
    expect(png).toEqual({ ok: true, value: { bytes: cdn.fixtures.png, contentType: 'image/png' } });
    const mp4 = await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.mp4));
    expect(mp4).toEqual({ ok: true, value: { bytes: cdn.fixtures.mp4, contentType: 'video/mp4' } });
  });

  it('reports a 403 "URL signature expired" as expired', async () => {
    const error = failureOf(await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.expired)));
    expect(error).toMatchObject({ kind: 'expired', status: 403 });
  });

  it('reports another 403 as an HTTP failure', async () => {
    const error = failureOf(await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.forbidden)));
    expect(error).toMatchObject({ kind: 'http', status: 403 });
  });

  it('refuses a URL whose oe expiry has passed without sending a request', async () => {
    const path = `${FAKE_CDN_PATHS.jpeg}-expired-before-fetch`;
    const error = failureOf(await fetcher().fetch(cdn.url(`${path}?_nc_cat=1&oe=${AN_HOUR_AGO}`)));
    expect(error.kind).toBe('expired');
    expect(cdn.requestCount(path)).toBe(0);
  });

  it('honours the injected clock for oe expiry', async () => {
    const later = new ManualClock(NOW);
    const url = cdn.url(`${FAKE_CDN_PATHS.jpeg}?oe=${IN_A_DAY}`);
    expect((await fetcher({ clock: later }).fetch(url)).ok).toBe(true);
    later.advance(2 * 86_400_000);
    expect(failureOf(await fetcher({ clock: later }).fetch(url)).kind).toBe('expired');
  });

  it('reports 404 as not_found and other statuses as http with the status', async () => {
    expect(failureOf(await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.missing)))).toMatchObject({
      kind: 'not_found',
      status: 404,
    });
    expect(failureOf(await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.serverError)))).toMatchObject({
      kind: 'http',
      status: 503,
    });
  });

  it('refuses an HTML page served as image/jpeg', async () => {
    const error = failureOf(await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.htmlAsJpeg)));
    expect(error.kind).toBe('bad_type');
  });

  it('refuses real image bytes served with a non-media content type', async () => {
    const error = failureOf(await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.jpegAsOctetStream)));
    expect(error.kind).toBe('bad_type');
  });

  it('stops reading an oversized body instead of buffering it', async () => {
    const error = failureOf(
      await fetcher({ maxBytes: 1024 * 1024 }).fetch(cdn.url(FAKE_CDN_PATHS.oversized)),
    );
    expect(error.kind).toBe('too_large');
    // Back-pressure: once we stop reading, the server stops well short of the whole body.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Socket buffers let a few MiB through; a fetcher that buffered everything would take all 64 MiB.
    expect(cdn.oversizedBytesSent()).toBeLessThan(16 * 1024 * 1024);
  });

  it('opens a stream once the first bytes show the type, while the rest is still on its way', async () => {
    // The stalled body never completes: fetch() must wait for it, open() must not.
    const opened = await fetcher({ timeoutMs: 2_000 }).open(cdn.url(FAKE_CDN_PATHS.stallMidBody));
    expect(opened.ok && opened.value.contentType).toBe('image/jpeg');
    // The stream then fails with the timeout instead of ending as a short image.
    const chunks: Buffer[] = [];
    const read = (async () => {
      for await (const chunk of opened.ok ? opened.value.body : []) chunks.push(chunk as Buffer);
    })();
    await expect(read).rejects.toThrow();
    expect(Buffer.concat(chunks).equals(cdn.fixtures.jpeg.subarray(0, 1024))).toBe(true);
  });

  it('streams a whole file, and fails a stream that grows past the limit', async () => {
    const png = await fetcher().open(cdn.url(FAKE_CDN_PATHS.png));
    const parts: Buffer[] = [];
    for await (const chunk of png.ok ? png.value.body : []) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(cdn.fixtures.png)).toBe(true);

    const huge = await fetcher({ maxBytes: 1024 * 1024 }).open(cdn.url(FAKE_CDN_PATHS.oversized));
    expect(huge.ok && huge.value.contentType).toBe('image/jpeg');
    let received = 0;
    const drain = (async () => {
      for await (const chunk of huge.ok ? huge.value.body : []) received += (chunk as Buffer).length;
    })();
    await expect(drain).rejects.toThrow(/larger than the limit/);
    expect(received).toBeLessThanOrEqual(1024 * 1024);
    // Before a single byte is passed on, the same checks as fetch(): HTML served as an image is refused.
    expect(failureOf(await fetcher().open(cdn.url(FAKE_CDN_PATHS.htmlAsJpeg))).kind).toBe('bad_type');
  });

  it('follows a redirect to another path on an allowed host', async () => {
    const before = cdn.requestCount(FAKE_CDN_PATHS.jpeg);
    const result = await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.redirectToJpeg));
    expect(result.ok && result.value.bytes.equals(cdn.fixtures.jpeg)).toBe(true);
    expect(cdn.requestCount(FAKE_CDN_PATHS.jpeg)).toBe(before + 1);
  });

  it('follows at most three redirects', async () => {
    expect((await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.redirectChain(2)))).ok).toBe(true);
    const before = cdn.requestCount(FAKE_CDN_PATHS.jpeg);
    const error = failureOf(await fetcher().fetch(cdn.url(FAKE_CDN_PATHS.redirectChain(3))));
    expect(error).toMatchObject({ kind: 'http', status: 302 });
    expect(cdn.requestCount(FAKE_CDN_PATHS.jpeg)).toBe(before);
  });

  it('refuses a redirect to a host that is not allowed, before resolving it', async () => {
    const lookup = vi.fn(async (): Promise<ResolvedAddress[]> => [{ address: '157.240.1.1', family: 4 }]);
    const error = failureOf(
      await fetcher({ lookup }).fetch(cdn.url(FAKE_CDN_PATHS.redirectToDisallowedHost)),
    );
    expect(error.kind).toBe('blocked');
    expect(error.message).toContain(new URL(DISALLOWED_REDIRECT_TARGET).hostname);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('times out when the CDN never answers', async () => {
    const started = Date.now();
    const error = failureOf(await fetcher({ timeoutMs: 300 }).fetch(cdn.url(FAKE_CDN_PATHS.hang)));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('times out when the body stalls half-way', async () => {
    const error = failureOf(await fetcher({ timeoutMs: 300 }).fetch(cdn.url(FAKE_CDN_PATHS.stallMidBody)));
    expect(error.kind).toBe('timeout');
  });

  it('reports a refused connection as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = failureOf(await fetcher().fetch(`http://127.0.0.1:${port}/v/photo.jpg`));
    expect(error.kind).toBe('network');
  });

  it('refuses plain http to loopback when loopback is not allowed, without a request', async () => {
    const path = `${FAKE_CDN_PATHS.jpeg}-no-loopback`;
    const error = failureOf(await new HttpMediaFetcher({ clock }).fetch(cdn.url(path)));
    expect(error.kind).toBe('blocked');
    expect(cdn.requestCount(path)).toBe(0);
  });
});

describe('HttpMediaFetcher host and address rules (no loopback allowance, no real traffic)', () => {
  const clock = new ManualClock(NOW);
  const jpegBytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0]);

  /** A fetcher whose DNS answers `addresses` and whose "network" is a recorded stub. */
  function offline(addresses: string[], respond?: (url: string) => Response) {
    const lookup = vi.fn(async (_host: string): Promise<ResolvedAddress[]> =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
    const fetchStub = vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
      const url = String(input);
      return respond
        ? respond(url)
        : new Response(jpegBytes, { status: 200, headers: { 'content-type': 'image/jpeg' } });
    });
    const fetcher = new HttpMediaFetcher({ clock, lookup, fetch: fetchStub as unknown as typeof fetch });
    return { fetcher, lookup, fetchStub };
  }

  const CDN_URL = `https://scontent.cdninstagram.com/v/t51.2885-15/1_n.jpg?oe=${IN_A_DAY}`;

  it.each(['10.0.0.1', '127.0.0.1', '::1', '169.254.169.254', 'fd00::1'])(
    'refuses a CDN host resolving to %s',
    async (address) => {
      const { fetcher, fetchStub } = offline([address]);
      const error = failureOf(await fetcher.fetch(CDN_URL));
      expect(error.kind).toBe('blocked');
      expect(fetchStub).not.toHaveBeenCalled();
    },
  );

  it('fetches from a CDN host resolving to a public address', async () => {
    const { fetcher, fetchStub, lookup } = offline(['157.240.1.1']);
    const result = await fetcher.fetch(CDN_URL);
    expect(result).toEqual({ ok: true, value: { bytes: jpegBytes, contentType: 'image/jpeg' } });
    expect(lookup).toHaveBeenCalledWith('scontent.cdninstagram.com');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]![0]).toBe(CDN_URL);
  });

  it('refuses a host when any of its addresses is private', async () => {
    const { fetcher, fetchStub } = offline(['157.240.1.1', '10.0.0.1']);
    expect(failureOf(await fetcher.fetch(CDN_URL)).kind).toBe('blocked');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it.each([
    'https://evilcdninstagram.com/a.jpg',
    'https://cdninstagram.com/a.jpg',
    'https://scontent.cdninstagram.com.evil.example/a.jpg',
    'https://fbcdn.net.evil.example/a.jpg',
    'https://157.240.1.1/a.jpg',
    'https://[2a03:2880:f12f:83:face:b00c:0:25de]/a.jpg',
    'https://127.0.0.1/a.jpg',
    'http://scontent.cdninstagram.com/a.jpg',
    'ftp://scontent.cdninstagram.com/a.jpg',
    'https://scontent.cdninstagram.com:8443/a.jpg',
    'https://user:pass@scontent.cdninstagram.com/a.jpg',
    'not a url',
  ])('refuses %s without resolving or fetching it', async (url) => {
    const { fetcher, lookup, fetchStub } = offline(['157.240.1.1']);
    expect(failureOf(await fetcher.fetch(url)).kind).toBe('blocked');
    expect(lookup).not.toHaveBeenCalled();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it.each(['https://scontent-lhr8-1.xx.fbcdn.net/v/1_n.jpg', 'https://SCONTENT.CDNINSTAGRAM.COM/v/1_n.jpg'])(
    'allows %s',
    async (url) => {
      const { fetcher } = offline(['157.240.1.1']);
      expect((await fetcher.fetch(url)).ok).toBe(true);
    },
  );

  it('honours a custom suffix list', async () => {
    const { fetchStub } = offline(['157.240.1.1']);
    const lookup = async () => [{ address: '157.240.1.1' }];
    const fetcher = new HttpMediaFetcher({
      clock,
      lookup,
      allowedHostSuffixes: ['.example-cdn.com'],
      fetch: fetchStub as unknown as typeof fetch,
    });
    expect((await fetcher.fetch('https://img.example-cdn.com/a.jpg')).ok).toBe(true);
    expect(failureOf(await fetcher.fetch(CDN_URL)).kind).toBe('blocked');
  });

  it('re-checks the address of every redirect target', async () => {
    const lookup = vi.fn(async (host: string): Promise<ResolvedAddress[]> => [
      { address: host === 'scontent.cdninstagram.com' ? '157.240.1.1' : '169.254.169.254' },
    ]);
    const fetchStub = vi.fn(
      async () =>
        new Response(null, { status: 302, headers: { location: 'https://metadata.fbcdn.net/latest' } }),
    );
    const fetcher = new HttpMediaFetcher({ clock, lookup, fetch: fetchStub as unknown as typeof fetch });
    expect(failureOf(await fetcher.fetch(CDN_URL)).kind).toBe('blocked');
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('metadata.fbcdn.net');
  });

  it('checks the oe expiry of a redirect target too', async () => {
    const { fetcher, fetchStub } = offline(
      ['157.240.1.1'],
      () =>
        new Response(null, {
          status: 302,
          headers: { location: `https://scontent.cdninstagram.com/v/2_n.jpg?oe=${AN_HOUR_AGO}` },
        }),
    );
    expect(failureOf(await fetcher.fetch(CDN_URL)).kind).toBe('expired');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('asks the CDN not to follow redirects itself', async () => {
    const { fetcher, fetchStub } = offline(['157.240.1.1']);
    await fetcher.fetch(CDN_URL);
    expect(fetchStub.mock.calls[0]![1]).toMatchObject({ redirect: 'manual' });
  });

  it('reports DNS failures and transport errors as network failures', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND scontent.cdninstagram.com'), {
      code: 'ENOTFOUND',
    });
    const dnsFails = new HttpMediaFetcher({ clock, lookup: () => Promise.reject(notFound) });
    expect(failureOf(await dnsFails.fetch(CDN_URL))).toMatchObject({ kind: 'network' });

    const resets = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const transportFails = new HttpMediaFetcher({
      clock,
      lookup: async () => [{ address: '157.240.1.1' }],
      fetch: (() => Promise.reject(new TypeError('fetch failed', { cause: resets }))) as typeof fetch,
    });
    const error = failureOf(await transportFails.fetch(CDN_URL));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ECONNRESET');
  });

  it('refuses a declared Content-Length above the limit without reading the body', async () => {
    const { fetcher } = offline(
      ['157.240.1.1'],
      () =>
        new Response(jpegBytes, {
          headers: { 'content-type': 'image/jpeg', 'content-length': String(26 * 1024 * 1024) },
        }),
    );
    expect(failureOf(await fetcher.fetch(CDN_URL)).kind).toBe('too_large');
  });

  it('refuses bytes whose kind contradicts the declared type', async () => {
    const { fetcher } = offline(
      ['157.240.1.1'],
      () => new Response(jpegBytes, { headers: { 'content-type': 'video/mp4' } }),
    );
    expect(failureOf(await fetcher.fetch(CDN_URL)).kind).toBe('bad_type');
  });
});

describe('HttpMediaFetcher checks the address it connects to (DNS rebinding)', () => {
  const clock = new ManualClock(NOW);

  it('refuses when the name resolves to a private address at connect time, after a public one passed the check', async () => {
    const lookup = vi
      .fn<(host: string) => Promise<ResolvedAddress[]>>()
      .mockResolvedValueOnce([{ address: '157.240.1.1', family: 4 }])
      .mockResolvedValue([{ address: '169.254.169.254', family: 4 }]);
    const fetcher = new HttpMediaFetcher({ clock, lookup, timeoutMs: 5_000 });
    const error = failureOf(
      await fetcher.fetch(`https://scontent.cdninstagram.com/v/t51/1_n.jpg?oe=${IN_A_DAY}`),
    );
    expect(error).toMatchObject({ kind: 'blocked' });
    expect(error.message).toMatch(/169\.254\.169\.254/);
    // Once for the early check, once more by the socket itself.
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('connects to the address its own lookup validated', async () => {
    const cdn = await startFakeCdn();
    try {
      const port = new URL(cdn.url(FAKE_CDN_PATHS.png)).port;
      const lookup = vi.fn(async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }]);
      const fetcher = new HttpMediaFetcher({ clock, lookup, allowLoopbackForTests: true, timeoutMs: 5_000 });
      const png = await fetcher.fetch(`http://localhost:${port}${FAKE_CDN_PATHS.png}`);
      expect(png).toEqual({ ok: true, value: { bytes: cdn.fixtures.png, contentType: 'image/png' } });
      expect(lookup).toHaveBeenCalledTimes(2);
    } finally {
      await cdn.close();
    }
  });
});

describe('parseOeExpiry', () => {
  it('reads the hex Unix time in seconds', () => {
    expect(parseOeExpiry('https://scontent.cdninstagram.com/v/2_n.jpg?_nc_cat=1&oe=6A1B2C3D')).toEqual(
      new Date(0x6a1b2c3d * 1000),
    );
  });

  it.each([
    'https://scontent.cdninstagram.com/v/2_n.jpg',
    'https://scontent.cdninstagram.com/v/2_n.jpg?oe=',
    'https://scontent.cdninstagram.com/v/2_n.jpg?oe=zzzz',
    'https://scontent.cdninstagram.com/v/2_n.jpg?oe=-1',
    'https://scontent.cdninstagram.com/v/2_n.jpg?oe=FFFFFFFFFFFFFFFF',
    'not a url',
  ])('is undefined for %s', (url) => {
    expect(parseOeExpiry(url)).toBeUndefined();
  });
});
