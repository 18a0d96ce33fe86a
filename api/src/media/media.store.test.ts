import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MediaStore, type StoredImage, type StoredVideo } from './media.store.js';
import { LocalMediaBackend, type MediaBackend } from './media.backend.js';
import { S3MediaBackend } from './s3-media.backend.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';

const HASH = /^[a-f0-9]{64}$/;

async function solidJpeg(width: number, height: number, background = '#808080'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

function mp4Bytes(brand = 'isom'): Buffer {
  const bytes = Buffer.alloc(4096, 7);
  bytes.writeUInt32BE(24, 0);
  bytes.write(`ftyp${brand}`, 4, 'latin1');
  return bytes;
}

function valueOf<T, E>(result: { ok: true; value: T } | { ok: false; error: E }): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function failureOf<T, E>(result: { ok: true; value: T } | { ok: false; error: E }): E {
  if (result.ok) throw new Error('expected a failure, got success');
  return result.error;
}

/** Each test gets an empty store on both backends: a fresh directory, or a fresh bucket on a local S3 server. */
const backends: { name: string; open(): Promise<{ backend: MediaBackend; close(): Promise<void> }> }[] = [
  {
    name: 'local',
    open: async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'lamha-media-'));
      return {
        backend: new LocalMediaBackend(path.join(root, 'media')),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    open: async () => {
      const backend = new S3MediaBackend({ ...s3!.options, bucket: `media-${++buckets}` });
      await s3!.createBucket(backend.bucket);
      return { backend, close: () => Promise.resolve(backend.close()) };
    },
  },
];
let s3: TestS3Server | undefined;
let buckets = 0;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
});
/** A backend that counts writes, to prove the work skipped. */
function counting(backend: MediaBackend) {
  const counter = { writes: 0 };
  const wrapped: MediaBackend = Object.assign(Object.create(backend) as MediaBackend, {
    write: (name: string, data: Buffer, type: string) => {
      counter.writes++;
      return backend.write(name, data, type);
    },
  });
  return { backend: wrapped, counter };
}

describe.each(backends)('MediaStore ($name)', ({ open }) => {
  let backend: MediaBackend;
  let close: () => Promise<void>;
  let store: MediaStore;

  beforeEach(async () => {
    ({ backend, close } = await open());
    store = new MediaStore(backend);
  });
  afterEach(async () => {
    await close();
  });

  const objectOf = async (urlPath: string) => (await backend.read(path.basename(urlPath)))!;
  const names = async () => {
    const all: string[] = [];
    for await (const object of backend.list()) all.push(object.name);
    return all.sort();
  };

  it('writes 320, 640 and 1080 wide WebP renditions of a portrait JPEG', async () => {
    const jpeg = await sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#c04020' } })
      .withExif({ IFD0: { Copyright: 'someone', Artist: 'someone' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const image = valueOf(await store.store(jpeg, 'image/jpeg')) as StoredImage;

    expect(image.kind).toBe('image');
    expect(image.hash).toMatch(HASH);
    expect({ width: image.width, height: image.height }).toEqual({ width: 1080, height: 1350 });
    expect(image.renditions).toEqual([
      { width: 320, height: 400, path: `/media/${image.hash}-320.webp` },
      { width: 640, height: 800, path: `/media/${image.hash}-640.webp` },
      { width: 1080, height: 1350, path: `/media/${image.hash}-1080.webp` },
    ]);
    for (const rendition of image.renditions) {
      const metadata = await sharp(await objectOf(rendition.path)).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: rendition.width, height: rendition.height });
      expect(metadata.exif).toBeUndefined();
    }
    // Dominant colour of a solid image is (close to) that colour.
    expect(image.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(image.placeholderColor.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(80);
  });

  it('names media by the SHA-256 of the original bytes', async () => {
    const jpeg = await solidJpeg(400, 400);
    const { createHash } = await import('node:crypto');
    const image = valueOf(await store.store(jpeg, 'image/jpeg'));
    expect(image.hash).toBe(createHash('sha256').update(jpeg).digest('hex'));
  });

  it('never upscales: a 200px-wide image gets one rendition at its own width', async () => {
    const image = valueOf(await store.store(await solidJpeg(200, 150), 'image/jpeg')) as StoredImage;
    expect(image.renditions).toEqual([{ width: 200, height: 150, path: `/media/${image.hash}-320.webp` }]);
    const files = (await names()).filter((f) => f.endsWith('.webp'));
    expect(files).toEqual([`${image.hash}-320.webp`]);
    expect((await sharp(await objectOf(files[0]!)).metadata()).width).toBe(200);
  });

  it('skips the widths above the original', async () => {
    const image = valueOf(await store.store(await solidJpeg(700, 700), 'image/jpeg')) as StoredImage;
    expect(image.renditions.map((r) => r.width)).toEqual([320, 640]);
    expect(await store.exists(`${image.hash}-1080.webp`)).toBe(false);
  });

  it('applies EXIF orientation before resizing', async () => {
    // Stored landscape (left red, right blue) with orientation 6: shown rotated 90° clockwise,
    // i.e. portrait with red on top.
    const left = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const image = valueOf(await store.store(jpeg, 'image/jpeg')) as StoredImage;

    expect({ width: image.width, height: image.height }).toEqual({ width: 400, height: 800 });
    expect(image.renditions).toEqual([{ width: 320, height: 640, path: `/media/${image.hash}-320.webp` }]);
    const { data, info } = await sharp(await objectOf(image.renditions[0]!.path))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels;
      return [...data.subarray(offset, offset + 3)];
    };
    expect(pixel(160, 20)[0]).toBeGreaterThan(200); // top: red
    expect(pixel(160, 620)[2]).toBeGreaterThan(200); // bottom: blue
    expect((await sharp(await objectOf(image.renditions[0]!.path)).metadata()).orientation).toBeUndefined();
  });

  it('does no work when the same bytes are stored again', async () => {
    const jpeg = await solidJpeg(1080, 1080);
    const first = valueOf(await store.store(jpeg, 'image/jpeg'));
    const before = await names();

    const { backend: watched, counter } = counting(backend);
    const second = valueOf(await new MediaStore(watched).store(jpeg, 'image/jpeg'));
    expect(second).toEqual(first);
    expect(counter.writes).toBe(0);
    expect(await names()).toEqual(before);
  });

  it('is safe when two stores write the same media at the same time', async () => {
    const jpeg = await solidJpeg(1200, 900, '#336699');
    const results = await Promise.all([
      new MediaStore(backend).store(jpeg, 'image/jpeg'),
      new MediaStore(backend).store(jpeg, 'image/jpeg'),
      store.store(jpeg, 'image/jpeg'),
      store.store(jpeg, 'image/jpeg'),
    ]);
    const values = results.map(valueOf);
    for (const value of values) expect(value).toEqual(values[0]);
    const files = await names();
    const hash = values[0]!.hash;
    expect(files).toEqual([`${hash}-1080.webp`, `${hash}-320.webp`, `${hash}-640.webp`, `${hash}.json`]);
    for (const file of files.filter((f) => f.endsWith('.webp'))) {
      expect((await sharp(await objectOf(file)).metadata()).format).toBe('webp');
    }
  });

  it('rejects bytes that are not an image, without writing anything', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body>nope</body></html>');
    expect(failureOf(await store.store(html, 'image/jpeg')).kind).toBe('unsupported_type');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(failureOf(await store.store(svg, 'image/svg+xml')).kind).toBe('unsupported_type');
    expect(await store.size()).toEqual({ files: 0, bytes: 0 });
  });

  it('rejects an image sharp cannot decode', async () => {
    const truncated = (await solidJpeg(600, 600)).subarray(0, 200);
    expect(failureOf(await store.store(truncated, 'image/jpeg')).kind).toBe('undecodable');
    const garbage = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(500, 0x42)]);
    expect(failureOf(await store.store(garbage, 'image/png')).kind).toBe('undecodable');
    expect(await store.size()).toEqual({ files: 0, bytes: 0 });
  });

  it('refuses images with more pixels than the limit', async () => {
    const small = new MediaStore(backend, { maxInputPixels: 100 * 100 });
    const error = failureOf(await small.store(await solidJpeg(200, 200), 'image/jpeg'));
    expect(error.kind).toBe('too_many_pixels');
  });

  it('refuses bytes whose kind contradicts the declared type', async () => {
    expect(failureOf(await store.store(await solidJpeg(10, 10), 'video/mp4')).kind).toBe('unsupported_type');
    expect(failureOf(await store.store(mp4Bytes(), 'image/jpeg')).kind).toBe('unsupported_type');
  });

  it('stores videos as they are, .mp4 or .mov by their brand', async () => {
    const mp4 = mp4Bytes();
    const video = valueOf(await store.store(mp4, 'video/mp4')) as StoredVideo;
    expect(video).toEqual({
      hash: video.hash,
      kind: 'video',
      path: `/media/${video.hash}.mp4`,
      bytes: mp4.length,
    });
    expect(await objectOf(video.path)).toEqual(mp4);

    const mov = valueOf(await store.store(mp4Bytes('qt  '), 'video/quicktime')) as StoredVideo;
    expect(mov.path).toBe(`/media/${mov.hash}.mov`);
    expect(await store.exists(`${mov.hash}.mov`)).toBe(true);
  });

  it('answers exists() only for names it could have written', async () => {
    const image = valueOf(await store.store(await solidJpeg(700, 500), 'image/jpeg'));
    expect(await store.exists(`${image.hash}-320.webp`)).toBe(true);
    expect(await store.exists(`${image.hash}-1080.webp`)).toBe(false);
    expect(await store.exists(`${image.hash}.json`)).toBe(false);
    expect(await store.exists(`../media/${image.hash}-320.webp`)).toBe(false);
    expect(await store.exists('/etc/passwd')).toBe(false);
  });

  it('removes every file of one item and reports the size on disk', async () => {
    expect(await store.size()).toEqual({ files: 0, bytes: 0 });
    const image = valueOf(await store.store(await solidJpeg(1080, 1080), 'image/jpeg'));
    const video = valueOf(await store.store(mp4Bytes(), 'video/mp4'));
    const size = await store.size();
    expect(size.files).toBe(5);
    expect(size.bytes).toBeGreaterThan(4096);

    expect(await store.remove(image.hash)).toBe(4);
    expect(await store.exists(`${image.hash}-320.webp`)).toBe(false);
    expect(await store.size()).toEqual({ files: 1, bytes: 4096 });
    expect(await store.remove(image.hash)).toBe(0);
    expect(await store.remove(video.hash)).toBe(1);
    await expect(store.remove('../../etc')).rejects.toThrow(TypeError);
  });

  it('rebuilds an image whose renditions were removed', async () => {
    const jpeg = await solidJpeg(640, 640);
    const image = valueOf(await store.store(jpeg, 'image/jpeg'));
    await store.remove(image.hash);
    expect(valueOf(await store.store(jpeg, 'image/jpeg'))).toEqual(image);
    expect(await store.exists(`${image.hash}-640.webp`)).toBe(true);
  });
});
