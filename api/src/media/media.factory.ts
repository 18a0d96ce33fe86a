import path from 'node:path';
import type { Runtime } from '../runtime.js';
import type { ServiceOverrides } from '../overrides.js';
import { DemoMediaFetcher } from '../instagram/demo-media.js';
import { bufferedStreamer } from './buffered-streamer.js';
import { HttpMediaFetcher } from './http-media.fetcher.js';
import { LocalMediaBackend, type MediaBackend } from './media.backend.js';
import { MediaCleanup } from './media-cleanup.service.js';
import type { JobLeasesRepository } from '../jobs/job-leases.repository.js';
import type { MediaObjectsRepository } from './media-objects.repository.js';
import { MediaStore } from './media.store.js';
import { S3MediaBackend } from './s3-media.backend.js';
import { SchemeMediaFetcher } from './scheme-media.fetcher.js';
import { UploadGate } from './upload-gate.js';

/** Where media live: MEDIA_DIR, else DATA_DIR/media. */
export const mediaDirOf = (env: Runtime['env']) =>
  path.resolve(env.MEDIA_DIR ?? path.join(env.DATA_DIR, 'media'));

/** The configured media backend: MEDIA_DIR on this machine, or the S3-compatible bucket. */
export function mediaBackendOf(env: Runtime['env']): MediaBackend {
  if (env.MEDIA_STORE === 'local') return new LocalMediaBackend(mediaDirOf(env));
  return new S3MediaBackend({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/**
 * Media: where pictures and videos are fetched from (Instagram's CDN, demo media), where they are kept
 * (MEDIA_DIR or the bucket), the upload gate, the clean-up of media nothing uses, and the image proxy's
 * fetcher.
 */
export function createMedia(
  runtime: Runtime,
  overrides: ServiceOverrides,
  deps: { ledger: MediaObjectsRepository; leases: JobLeasesRepository; workerId: string },
) {
  const { env, clock, cache } = runtime;
  const fetcher =
    overrides.mediaFetcher ??
    new SchemeMediaFetcher({
      demo: new DemoMediaFetcher({ maxWidth: env.DEMO_MEDIA_MAX_WIDTH }),
      https: new HttpMediaFetcher({ maxBytes: env.MEDIA_MAX_BYTES, clock }),
    });
  const backend = mediaBackendOf(env);
  const store = new MediaStore(backend, { ledger: deps.ledger });
  const cleanup = new MediaCleanup({
    repo: deps.ledger,
    leases: deps.leases,
    store,
    clock,
    logger: runtime.logger.child({ component: 'media-cleanup' }),
    config: {
      graceMs: env.MEDIA_CLEANUP_GRACE_DAYS * 86_400_000,
      intervalMs: 6 * 3_600_000,
      leaseMs: 10 * 60_000,
      workerId: deps.workerId,
    },
  });
  // One gate for both upload routes: a merchant's hourly count and the process's decode slots are shared.
  const uploads = new UploadGate({ cache, clock, mediaStore: store });
  return {
    fetcher,
    store,
    cleanup,
    uploads,
    /** Fetches product pictures from any public https host through the guarded fetcher (or a test's fake). */
    productFetcher:
      overrides.productMediaFetcher ??
      new HttpMediaFetcher({ allowedHostSuffixes: ['*'], maxBytes: env.MEDIA_MAX_BYTES, clock }),
    /** The image proxy's fetcher: Instagram/Facebook CDN hosts only. */
    proxyFetcher:
      overrides.proxyStreamer ??
      (overrides.mediaFetcher
        ? bufferedStreamer(overrides.mediaFetcher)
        : new HttpMediaFetcher({ maxBytes: env.MEDIA_MAX_BYTES, clock })),
    /**
     * Temporary files a crashed writer left in the media directory (the local store; a bucket's writes
     * leave none). Entry points call it once at start, before this process writes anything.
     */
    removeStrayMediaFiles: async () => {
      if (!(backend instanceof LocalMediaBackend)) return;
      const files = await backend.removeStrayTemporaryFiles(clock.now());
      if (files > 0) runtime.logger.info({ files }, 'removed temporary media files a crash left');
    },
  };
}
