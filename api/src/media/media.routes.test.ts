import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import helmet from 'helmet';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFoundHandler } from '../http/error-middleware.js';
import { mediaRoutes } from './media.routes.js';
import { MediaStore, type StoredImage, type StoredVideo } from './media.store.js';
import { S3MediaBackend } from './s3-media.backend.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';

describe.each(['local', 's3'] as const)('media routes (%s store)', (kind) => {
  let root: string;
  let s3: TestS3Server | undefined;
  let store: MediaStore;
  let server: Server;
  let baseUrl: string;
  let image: StoredImage;
  let video: StoredVideo;
  const videoBytes = Buffer.alloc(10_000, 9);
  videoBytes.writeUInt32BE(24, 0);
  videoBytes.write('ftypisom', 4, 'latin1');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lamha-media-routes-'));
    if (kind === 's3') s3 = await startTestS3Server();
    store = new MediaStore(s3 ? new S3MediaBackend(s3.options) : path.join(root, 'media'));
    const jpeg = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#224466' } })
      .jpeg()
      .toBuffer();
    const storedImage = await store.store(jpeg, 'image/jpeg');
    const storedVideo = await store.store(videoBytes, 'video/mp4');
    if (!storedImage.ok || !storedVideo.ok) throw new Error('fixture media could not be stored');
    image = storedImage.value as StoredImage;
    video = storedVideo.value as StoredVideo;
    // Something outside the media directory that a traversal would be after.
    await writeFile(path.join(root, 'secret.txt'), 'do not serve');

    // Same middleware order as the app: helmet first, so the route must override its CORP default.
    const app = express();
    app.use(helmet());
    app.use(mediaRoutes(store));
    app.use(notFoundHandler);
    app.use(errorHandler);
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await s3?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** Sends the path byte for byte: fetch() would normalise "..", which is what an attacker avoids. */
  function rawGet(
    rawPath: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: rawPath, method: 'GET', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('serves a rendition as immutable, cross-origin WebP', async () => {
    const rendition = image.renditions[1]!;
    const res = await fetch(`${baseUrl}${rendition.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('etag')).toBe(`"${image.hash}-640"`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body).toEqual(await store.backend.read(path.basename(rendition.path)));
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const rendition = image.renditions[0]!;
    const etag = (await fetch(`${baseUrl}${rendition.path}`)).headers.get('etag')!;
    // Not fetch(): it adds "Cache-Control: no-cache" to conditional requests, as browsers do on reload.
    const res = await rawGet(rendition.path, { 'if-none-match': etag });
    expect(res.status).toBe(304);
    expect(res.body).toBe('');
  });

  it('streams a whole video with its length', async () => {
    const res = await fetch(`${baseUrl}${video.path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(videoBytes.length));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(videoBytes);
  });

  it('serves the tail of a video for a suffix range, and 416 past its end', async () => {
    const tail = await fetch(`${baseUrl}${video.path}`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${videoBytes.length - 10}-${videoBytes.length - 1}/${videoBytes.length}`,
    );
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(videoBytes.subarray(-10));
    const past = await fetch(`${baseUrl}${video.path}`, { headers: { range: 'bytes=20000-20010' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${videoBytes.length}`);
  });

  it('serves a byte range of a video with 206', async () => {
    const res = await fetch(`${baseUrl}${video.path}`, { headers: { range: 'bytes=100-199' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${videoBytes.length}`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(videoBytes.subarray(100, 200));
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${baseUrl}${video.path}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(videoBytes.length));
  });

  const hash = 'a'.repeat(64);
  it.each([
    `/media/${hash}-500.webp`,
    `/media/${hash}.jpg`,
    `/media/${hash.toUpperCase()}.webp`,
    `/media/${hash}.webp.exe`,
    '/media/abc.webp',
    '/media/.hidden',
    '/media/..%2Fsecret.txt',
    '/media/..%2F..%2F..%2Fetc%2Fpasswd',
    '/media/%2Fetc%2Fpasswd',
    '/media//etc/passwd',
    '/media/../secret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/%2e%2e%2fsecret.txt',
    '/media/x/..%5Csecret.txt',
  ])('answers 404 JSON for %s', async (rawPath) => {
    const res = await rawGet(rawPath);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'not_found' } });
    expect(res.body).not.toContain('do not serve');
  });

  it('does not serve the image manifest', async () => {
    const res = await rawGet(`/media/${image.hash}.json`);
    expect(res.status).toBe(404);
  });

  it('answers 404 JSON, not cacheable for a year, for a valid name that is not stored', async () => {
    const res = await fetch(`${baseUrl}/media/${hash}-320.webp`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});
