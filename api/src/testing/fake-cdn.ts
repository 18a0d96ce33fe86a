import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** The paths the fake CDN answers, each standing for one way Instagram's CDN (or an attacker) behaves. */
export const FAKE_CDN_PATHS = {
  jpeg: '/v/photo.jpg',
  png: '/v/graphic.png',
  mp4: '/v/reel.mp4',
  expired: '/v/expired.jpg',
  /** 403 for some other reason than an expired signature. */
  forbidden: '/v/forbidden.jpg',
  serverError: '/v/server-error.jpg',
  htmlAsJpeg: '/v/error-page.jpg',
  jpegAsOctetStream: '/v/untyped.bin',
  oversized: '/v/huge.jpg',
  redirectToJpeg: '/v/moved.jpg',
  redirectToDisallowedHost: '/v/elsewhere.jpg',
  /** `/v/chain/N` redirects to `/v/chain/N-1`; `/v/chain/0` redirects to the JPEG. */
  redirectChain: (hops: number) => `/v/chain/${hops}`,
  hang: '/v/hang.jpg',
  stallMidBody: '/v/stall.jpg',
  missing: '/v/missing.jpg',
} as const;

/** Where the disallowed redirect points; nothing must ever connect there. */
export const DISALLOWED_REDIRECT_TARGET = 'https://evil.example.com/steal.jpg';
/** Streamed by the oversized path (no Content-Length), more than the fetcher's default 25 MiB limit. */
export const OVERSIZED_BYTES = 64 * 1024 * 1024;

export interface FakeCdnFixtures {
  /** 1080×1350 like an Instagram portrait post, unless `startFakeCdn` was given a smaller `photo`. */
  jpeg: Buffer;
  /** 400×300. */
  png: Buffer;
  /** 'ftyp' at offset 4 and little else: enough for the magic check, not a playable video. */
  mp4: Buffer;
}

export interface FakeCdn {
  baseUrl: string;
  /** Absolute URL of a path on this server, e.g. `cdn.url(FAKE_CDN_PATHS.jpeg)`. */
  url(path: string): string;
  fixtures: FakeCdnFixtures;
  /** Requests seen per path (query string ignored). */
  requestCount(path: string): number;
  /** Bytes of the oversized body actually written before the client stopped reading. */
  oversizedBytesSent(): number;
  close(): Promise<void>;
}

/**
 * A noisy gradient JPEG: photo-like content, so encoders and `stats()` have real work to do (a solid
 * colour compresses to nothing and would flatter any timing).
 */
export async function photoLikeJpeg(width = 1080, height = 1350, seedValue = 42): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = seedValue;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      const noise = (seed >> 16) & 0x1f;
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, Math.round((x / width) * 200) + noise);
      raw[i + 1] = Math.min(255, Math.round((y / height) * 120) + noise);
      raw[i + 2] = Math.min(255, 90 + noise);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function makeFixtures(photo: { width: number; height: number }): Promise<FakeCdnFixtures> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#1e90ff' } })
    .png()
    .toBuffer();
  const mp4 = Buffer.alloc(2048);
  mp4.writeUInt32BE(24, 0);
  mp4.write('ftypisom', 4, 'latin1');
  mp4.writeUInt32BE(0x200, 12);
  mp4.write('isomiso2mp41', 16, 'latin1');
  return { jpeg: await photoLikeJpeg(photo.width, photo.height), png, mp4 };
}

/** A photo size for tests that need some picture stored, not a full-size one. */
export const SMALL_PHOTO = { width: 320, height: 400 };

/**
 * A fake Instagram CDN on 127.0.0.1 for fetcher tests; nothing leaves this machine. `photo`: the size of the
 * JPEG it serves. Tests that only need some picture stored (every post and story of a fake Instagram
 * account is this one photo) ask for a small one: each test's media store encodes it into its WebP
 * renditions, three of them at 1080×1350 and one at SMALL_PHOTO.
 */
export async function startFakeCdn(
  options: { photo?: { width: number; height: number } } = {},
): Promise<FakeCdn> {
  const fixtures = await makeFixtures(options.photo ?? { width: 1080, height: 1350 });
  const counts = new Map<string, number>();
  let oversizedSent = 0;

  const send = (res: ServerResponse, status: number, contentType: string, body: Buffer | string) => {
    res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(302, { location, 'content-length': 0 });
    res.end();
  };

  const streamOversized = (res: ServerResponse) => {
    // Chunked, without Content-Length, and paced by back-pressure: a client that stops reading stops us.
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    const chunk = Buffer.alloc(64 * 1024, 0x55);
    fixtures.jpeg.copy(chunk, 0, 0, 16);
    const pump = () => {
      while (oversizedSent < OVERSIZED_BYTES && !res.destroyed) {
        oversizedSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake-cdn').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const chain = /^\/v\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const hops = Number(chain[1]);
      return redirect(res, hops === 0 ? FAKE_CDN_PATHS.jpeg : FAKE_CDN_PATHS.redirectChain(hops - 1));
    }
    switch (path) {
      case FAKE_CDN_PATHS.jpeg:
        return send(res, 200, 'image/jpeg', fixtures.jpeg);
      case FAKE_CDN_PATHS.png:
        return send(res, 200, 'image/png', fixtures.png);
      case FAKE_CDN_PATHS.mp4:
        return send(res, 200, 'video/mp4', fixtures.mp4);
      case FAKE_CDN_PATHS.expired:
        // Instagram's wording, as a plain-text 403.
        return send(res, 403, 'text/plain', 'URL signature expired');
      case FAKE_CDN_PATHS.forbidden:
        return send(res, 403, 'text/plain', 'Forbidden');
      case FAKE_CDN_PATHS.serverError:
        return send(res, 503, 'text/plain', 'Service Unavailable');
      case FAKE_CDN_PATHS.htmlAsJpeg:
        return send(
          res,
          200,
          'image/jpeg',
          '<!DOCTYPE html><html><body>Sorry, this page is unavailable.</body></html>',
        );
      case FAKE_CDN_PATHS.jpegAsOctetStream:
        return send(res, 200, 'application/octet-stream', fixtures.jpeg);
      case FAKE_CDN_PATHS.oversized:
        return streamOversized(res);
      case FAKE_CDN_PATHS.redirectToJpeg:
        return redirect(res, FAKE_CDN_PATHS.jpeg);
      case FAKE_CDN_PATHS.redirectToDisallowedHost:
        return redirect(res, DISALLOWED_REDIRECT_TARGET);
      case FAKE_CDN_PATHS.hang:
        // Never answers; the client's timeout has to end it.
        return;
      case FAKE_CDN_PATHS.stallMidBody:
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': fixtures.jpeg.length });
        res.write(fixtures.jpeg.subarray(0, 1024));
        return;
      default:
        return send(res, 404, 'text/plain', 'Not Found');
    }
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    url: (path) => `${baseUrl}${path}`,
    fixtures,
    requestCount: (path) => counts.get(path) ?? 0,
    oversizedBytesSent: () => oversizedSent,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging and stalled requests would otherwise keep close() waiting forever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
