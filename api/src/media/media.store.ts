import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import { err, ok, type Result } from '../lib/result.js';
import { essenceOf, mediaKindOf, sniffMediaType } from './media-type.js';
import { LocalMediaBackend, type MediaBackend } from './media.backend.js';

/** The only file names the store writes and the media route serves. */
export const MEDIA_NAME_PATTERN = /^[a-f0-9]{64}(-(320|640|1080))?\.(webp|mp4|mov)$/;
const HASH_PATTERN = /^[a-f0-9]{64}$/;

/** Content types by extension: of the servable names, and of the manifests. */
export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  json: 'application/json',
};
const contentTypeOf = (name: string) =>
  MEDIA_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** The widget's srcset steps. */
export const RENDITION_WIDTHS = [320, 640, 1080] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

export const DEFAULT_MAX_INPUT_PIXELS = 50_000_000;
export const DEFAULT_WEBP_QUALITY = 80;

export interface MediaRendition {
  /** The real width, below the name's width step when the original was smaller. */
  width: number;
  height: number;
  /** URL path, e.g. "/media/<hash>-640.webp". */
  path: string;
}

export interface StoredImage {
  hash: string;
  kind: 'image';
  /** Of the original, after EXIF orientation. */
  width: number;
  height: number;
  /** Narrowest first. */
  renditions: MediaRendition[];
  /** "#rrggbb": painted while the image loads. */
  placeholderColor: string;
}

export interface StoredVideo {
  hash: string;
  kind: 'video';
  path: string;
  bytes: number;
}

export type StoredMedia = StoredImage | StoredVideo;

export interface MediaStoreFailure {
  kind: 'unsupported_type' | 'undecodable' | 'too_many_pixels';
  message: string;
}

export interface MediaStoreOptions {
  /**
   * Told that an item is about to be used, before the store looks at what exists: the clean-up then never
   * deletes an item a refresh is storing (see MediaObjectsRepository.markInUse).
   */
  ledger?: { markInUse(hash: string): Promise<void> } | undefined;
  /** Larger images are refused before they are decoded (decompression bombs). */
  maxInputPixels?: number | undefined;
  webpQuality?: number | undefined;
}

// What an image's manifest holds; parsed, not trusted, when read back.
const storedImageSchema = z.object({
  hash: z.string().regex(HASH_PATTERN),
  kind: z.literal('image'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  renditions: z
    .array(
      z.object({ width: z.number().int().positive(), height: z.number().int().positive(), path: z.string() }),
    )
    .min(1),
  placeholderColor: z.string().regex(/^#[0-9a-f]{6}$/),
});

const URL_PREFIX = '/media/';

/**
 * Media copied off the source's CDN, content-addressed by the SHA-256 of the original bytes, so a name
 * never changes meaning and can be cached forever. Images become WebP renditions (plus a small manifest
 * that makes a second store of the same bytes free); videos are kept as they are.
 *
 * The bytes live in a backend (a directory or an S3-compatible bucket) whose writes are all or nothing, so
 * readers (and another process storing the same media at the same moment) never see half a file.
 */
export class MediaStore {
  private readonly maxInputPixels: number;
  private readonly webpQuality: number;
  private readonly ledger: MediaStoreOptions['ledger'];
  /** Two refreshes of one account in this process share a single encode per file. */
  private readonly inFlight = new Map<string, Promise<Result<StoredMedia, MediaStoreFailure>>>();

  readonly backend: MediaBackend;

  /** A directory path means the local backend. */
  constructor(backend: MediaBackend | string, options: MediaStoreOptions = {}) {
    this.backend = typeof backend === 'string' ? new LocalMediaBackend(backend) : backend;
    this.maxInputPixels = options.maxInputPixels ?? DEFAULT_MAX_INPUT_PIXELS;
    this.webpQuality = options.webpQuality ?? DEFAULT_WEBP_QUALITY;
    this.ledger = options.ledger;
  }

  /** `maxInputPixels` lowers the pixel cap for this item (merchants' uploads). */
  async store(
    bytes: Buffer,
    contentType: string,
    options: { maxInputPixels?: number } = {},
  ): Promise<Result<StoredMedia, MediaStoreFailure>> {
    const maxInputPixels = Math.min(options.maxInputPixels ?? Infinity, this.maxInputPixels);
    const sniffed = sniffMediaType(bytes);
    const kind = mediaKindOf(essenceOf(contentType));
    if (!sniffed || !kind || mediaKindOf(sniffed) !== kind) {
      return err({
        kind: 'unsupported_type',
        message: `Not a supported ${kind ?? 'image or video'} (declared ${essenceOf(contentType) || 'nothing'}).`,
      });
    }
    const hash = createHash('sha256').update(bytes).digest('hex');
    const key = `${kind}:${hash}:${maxInputPixels}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = (async () => {
      await this.ledger?.markInUse(hash);
      return kind === 'video'
        ? this.storeVideo(hash, bytes, sniffed === 'video/quicktime' ? 'mov' : 'mp4')
        : this.storeImage(hash, bytes, maxInputPixels);
    })();
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** Whether a servable file exists; names that are not ours are answered false without a disk access. */
  async exists(name: string): Promise<boolean> {
    if (!MEDIA_NAME_PATTERN.test(name)) return false;
    return this.backend.exists(name);
  }

  /** Deletes every file of one media item; returns how many were removed. */
  async remove(hash: string): Promise<number> {
    if (!HASH_PATTERN.test(hash)) throw new TypeError(`Not a media hash: ${JSON.stringify(hash)}`);
    // The manifest goes first: without it a half-removed image counts as absent and is rebuilt in full.
    const names = [
      manifestName(hash),
      ...RENDITION_WIDTHS.map((w) => renditionName(hash, w)),
      `${hash}.mp4`,
      `${hash}.mov`,
    ];
    let removed = 0;
    for (const name of names) {
      if (await this.backend.remove(name)) removed++;
    }
    return removed;
  }

  /** Every object in the store (temporary files aside). */
  async size(): Promise<{ files: number; bytes: number }> {
    let files = 0;
    let bytes = 0;
    for await (const object of this.backend.list()) {
      files++;
      bytes += object.bytes;
    }
    return { files, bytes };
  }

  private async storeVideo(
    hash: string,
    bytes: Buffer,
    extension: 'mp4' | 'mov',
  ): Promise<Result<StoredVideo, MediaStoreFailure>> {
    const name = `${hash}.${extension}`;
    if (!(await this.backend.exists(name))) await this.backend.write(name, bytes, contentTypeOf(name));
    return ok({ hash, kind: 'video', path: `${URL_PREFIX}${name}`, bytes: bytes.length });
  }

  private async storeImage(
    hash: string,
    bytes: Buffer,
    maxInputPixels: number,
  ): Promise<Result<StoredImage, MediaStoreFailure>> {
    const existing = await this.readManifest(hash);
    if (existing) return ok(existing);

    const input = () => sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' });
    let width: number;
    let height: number;
    try {
      // Reads the header only, so an oversized image is refused before anything is decoded.
      const metadata = await input().metadata();
      ({ width, height } = metadata.autoOrient);
    } catch (e) {
      return err(sharpFailure(e));
    }

    // Never upscale; an image narrower than the smallest step still gets that step, at its own width.
    const fitting = RENDITION_WIDTHS.filter((w) => w <= width);
    const steps: RenditionWidth[] = fitting.length > 0 ? fitting : [RENDITION_WIDTHS[0]];
    let encoded: { step: RenditionWidth; data: Buffer; width: number; height: number }[];
    try {
      // One decode: the original, turned upright and scaled to the largest rendition, as raw pixels; every
      // rendition is made from those (a smaller one never needs the original again).
      const largest = Math.min(steps[steps.length - 1]!, width);
      const decoded = await input()
        .rotate()
        .resize({ width: largest, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = {
        width: decoded.info.width,
        height: decoded.info.height,
        channels: decoded.info.channels,
      };
      encoded = await Promise.all(
        steps.map(async (step) => {
          const { data, info } = await sharp(decoded.data, { raw })
            .resize({ width: Math.min(step, raw.width), withoutEnlargement: true })
            .webp({ quality: this.webpQuality })
            .toBuffer({ resolveWithObject: true });
          return { step, data, width: info.width, height: info.height };
        }),
      );
    } catch (e) {
      return err(sharpFailure(e));
    }

    // The smallest rendition has the same colours at a fraction of the pixels to count.
    const { dominant } = await sharp(encoded[0]!.data).stats();
    const image: StoredImage = {
      hash,
      kind: 'image',
      width,
      height,
      renditions: encoded.map((r) => ({
        width: r.width,
        height: r.height,
        path: `${URL_PREFIX}${renditionName(hash, r.step)}`,
      })),
      placeholderColor: toHexColor(dominant),
    };
    await Promise.all(
      encoded.map((r) => {
        const name = renditionName(hash, r.step);
        return this.backend.write(name, r.data, contentTypeOf(name));
      }),
    );
    // Written last: its presence means every rendition is in place.
    const manifest = manifestName(hash);
    await this.backend.write(manifest, Buffer.from(JSON.stringify(image)), contentTypeOf(manifest));
    return ok(image);
  }

  private async readManifest(hash: string): Promise<StoredImage | undefined> {
    const bytes = await this.backend.read(manifestName(hash));
    if (!bytes) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      return undefined;
    }
    // A damaged or outdated manifest is rebuilt rather than trusted.
    const parsed = storedImageSchema.safeParse(json);
    return parsed.success && parsed.data.hash === hash ? parsed.data : undefined;
  }
}

function renditionName(hash: string, step: RenditionWidth): string {
  return `${hash}-${step}.webp`;
}

/** Not servable: MEDIA_NAME_PATTERN has no .json. */
function manifestName(hash: string): string {
  return `${hash}.json`;
}

function sharpFailure(e: unknown): MediaStoreFailure {
  const message = e instanceof Error ? e.message : String(e);
  if (/pixel limit/i.test(message)) {
    return { kind: 'too_many_pixels', message: 'The image has more pixels than we accept.' };
  }
  return { kind: 'undecodable', message: `The image could not be decoded: ${message}` };
}

function toHexColor({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}
