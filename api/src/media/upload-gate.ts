import type { CachePort } from '../cache/cache.port.js';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import { ConcurrencyLimit } from '../lib/concurrency-limit.js';
import { consumeHourlyLimit } from '../lib/rate-limit.js';
import { err, ok, type Result } from '../lib/result.js';
import type { MediaStore, MediaStoreFailure, StoredMedia } from './media.store.js';

/**
 * Merchants' image uploads (highlight covers, product pictures): each decodes a whole image, so they are
 * limited per merchant and, across the process, run a few at a time with a short queue. Uploaded images
 * also have a lower pixel cap than media copied from Instagram.
 */
export const UPLOAD_LIMITS = {
  /** Uploads a merchant may make in a clock hour. */
  perMerchantHour: 30,
  /** Uploads decoded at once in this process. */
  active: 2,
  /** Uploads waiting for a slot; beyond that 503 `uploads_busy`. */
  queued: 8,
  retryAfterSeconds: 5,
  /** 40 megapixels (e.g. 8000 × 5000); larger pictures are refused before they are decoded. */
  maxInputPixels: 40_000_000,
} as const;

export class UploadGate {
  private readonly slots: ConcurrencyLimit;

  constructor(
    private readonly deps: { cache: CachePort; clock: Clock; mediaStore?: Pick<MediaStore, 'store'> },
    limits: { active: number; queued: number } = UPLOAD_LIMITS,
  ) {
    this.slots = new ConcurrencyLimit(limits.active, limits.queued);
  }

  /**
   * Runs one merchant's upload: counted against their hour (429 `uploads_limited`, retry_after the seconds
   * to the next hour), then in a slot (503 `uploads_busy` when the queue is full too).
   */
  async run<T>(userId: string, upload: () => Promise<Result<T, AppError>>): Promise<Result<T, AppError>> {
    const allowed = await consumeHourlyLimit(
      this.deps.cache,
      { scope: 'uploads', subject: userId, limit: UPLOAD_LIMITS.perMerchantHour },
      this.deps.clock.now(),
    );
    if (!allowed.ok)
      return err(
        new AppError('uploads_limited', undefined, { retry_after: Math.ceil(allowed.retryAfterMs / 1000) }),
      );
    const done = await this.slots.run(upload);
    if (!done.ok)
      return err(new AppError('uploads_busy', undefined, { retry_after: UPLOAD_LIMITS.retryAfterSeconds }));
    return done.value;
  }

  /**
   * Stores one merchant's uploaded picture through the gate, with the uploads' pixel cap. The outer
   * result is the gate's answer, the inner one the store's.
   */
  async storeUpload(
    userId: string,
    bytes: Buffer,
    contentType: string,
  ): Promise<Result<Result<StoredMedia, MediaStoreFailure>, AppError>> {
    const store = this.deps.mediaStore;
    if (!store) throw new Error('UploadGate.storeUpload needs a media store');
    return this.run(userId, async () =>
      ok(await store.store(bytes, contentType, { maxInputPixels: UPLOAD_LIMITS.maxInputPixels })),
    );
  }
}

/** The message for a refused upload: the pixel cap says what to do; anything else the table's words. */
export function uploadFailureMessage(stored: Result<StoredMedia, MediaStoreFailure>): string | undefined {
  return !stored.ok && stored.error.kind === 'too_many_pixels'
    ? `The image is larger than ${UPLOAD_LIMITS.maxInputPixels / 1_000_000} megapixels. Please upload a smaller one.`
    : undefined;
}
