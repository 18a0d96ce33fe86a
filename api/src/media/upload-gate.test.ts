import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cacheBackends } from '../testing/backends.js';
import type { CachePort } from '../cache/cache.port.js';
import { ManualClock } from '../lib/clock.js';
import { ok } from '../lib/result.js';
import { MediaStore } from './media.store.js';
import { UPLOAD_LIMITS, UploadGate } from './upload-gate.js';

describe.each(cacheBackends)('image uploads on the $name cache', (backend) => {
  let cache: CachePort & { clear(): Promise<void> };
  // Just before an hour ends would make the per-hour count flaky; the middle of an hour does not.
  const clock = new ManualClock(new Date('2026-11-27T10:30:00Z'));

  beforeAll(async () => {
    cache = await backend.open();
  });
  afterAll(async () => {
    await cache.clear();
  });

  it(`lets a merchant upload ${UPLOAD_LIMITS.perMerchantHour} images an hour, then says when to try again`, async () => {
    const gate = new UploadGate({ cache, clock });
    const merchant = randomUUID();
    for (let i = 0; i < UPLOAD_LIMITS.perMerchantHour; i++) {
      expect((await gate.run(merchant, () => Promise.resolve(ok(i)))).ok).toBe(true);
    }
    let ran = false;
    const refused = await gate.run(merchant, () => {
      ran = true;
      return Promise.resolve(ok(0));
    });
    expect(ran).toBe(false);
    expect(!refused.ok && refused.error.code).toBe('uploads_limited');
    expect(!refused.ok && refused.error.status).toBe(429);
    // The hour began 30 minutes ago: half an hour to wait.
    expect(!refused.ok && refused.error.details).toEqual({ retry_after: 1800 });
    // Another merchant is not affected.
    expect((await gate.run(randomUUID(), () => Promise.resolve(ok(1)))).ok).toBe(true);
  });

  it('decodes a few uploads at once, queues a few more, and refuses the rest with 503', async () => {
    const gate = new UploadGate({ cache, clock }, { active: 2, queued: 3 });
    const release: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const upload = () =>
      new Promise<ReturnType<typeof ok<number>>>((resolve) => {
        running++;
        most = Math.max(most, running);
        release.push(() => {
          running--;
          resolve(ok(1));
        });
      });
    // Seven merchants at once: two run, three wait, two are refused at once.
    const results = Array.from({ length: 7 }, () => gate.run(randomUUID(), upload));
    await new Promise((r) => setTimeout(r, 50));
    expect(running).toBe(2);
    const refused = await Promise.all(results.slice(5));
    expect(refused.map((r) => !r.ok && r.error.code)).toEqual(['uploads_busy', 'uploads_busy']);
    expect(refused.map((r) => !r.ok && r.error.details)).toEqual([
      { retry_after: UPLOAD_LIMITS.retryAfterSeconds },
      { retry_after: UPLOAD_LIMITS.retryAfterSeconds },
    ]);
    while (release.length > 0 || running > 0) {
      release.splice(0).forEach((r) => r());
      await new Promise((r) => setTimeout(r, 10));
    }
    const done = await Promise.all(results.slice(0, 5));
    expect(done.every((r) => r.ok)).toBe(true);
    expect(most).toBe(2);
  });
});

describe('the upload pixel cap', () => {
  it('refuses an image over 40 megapixels before decoding it, with its own failure', async () => {
    // 6,500 × 6,500 = 42.25 MP: under the 50 MP cap of copied media, over the uploads' 40 MP.
    const big = await sharp({
      create: { width: 6_500, height: 6_500, channels: 3, background: '#336699' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const dir = mkdtempSync(path.join(tmpdir(), 'lamha-upload-cap-'));
    try {
      const store = new MediaStore(dir);
      const refused = await store.store(big, 'image/png', { maxInputPixels: UPLOAD_LIMITS.maxInputPixels });
      expect(!refused.ok && refused.error.kind).toBe('too_many_pixels');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
