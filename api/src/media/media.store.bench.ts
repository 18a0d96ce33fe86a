// Run with `npx vitest bench --run src/media` (from api/). The baseline, one plain sharp encode of the
// same photo, is measured in the same run so the numbers compare across machines.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, bench, describe } from 'vitest';
import { photoLikeJpeg } from '../testing/fake-cdn.js';
import { MediaStore } from './media.store.js';

let root: string;
let store: MediaStore;
let photo: Buffer;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lamha-media-bench-'));
  store = new MediaStore(path.join(root, 'media'));
  photo = await photoLikeJpeg(1080, 1350);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('store one 1080×1350 JPEG', () => {
  bench('baseline: sharp decode + one 1080 WebP encode, in memory', async () => {
    await sharp(photo).rotate().resize({ width: 1080 }).webp({ quality: 80 }).toBuffer();
  });

  bench('MediaStore.store: 320/640/1080 WebP + placeholder colour + atomic writes', async () => {
    const result = await store.store(photo, 'image/jpeg');
    if (!result.ok) throw new Error(result.error.message);
    // Removed again so the next iteration does the full work instead of hitting the manifest.
    await store.remove(result.value.hash);
  });
});
