import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { MediaBackend, MediaObjectInfo } from './media.backend.js';

export interface S3MediaOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** Media names are content hashes: whatever a name holds never changes, so anyone may keep it forever. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What GET /media/:name needs from the bucket: the body (or a byte range of it) and its size. */
export type S3MediaRead =
  | { found: false }
  | { found: true; unsatisfiable: true; total: number }
  | {
      found: true;
      unsatisfiable: false;
      body: Readable;
      bytes: number;
      /** Set when a range was answered: `bytes a-b/total`. */
      contentRange?: string | undefined;
    };

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK v3. Objects carry their content type
 * and the one-year immutable Cache-Control, so a CDN or the bucket's public address serves them as the API
 * would. PutObject is atomic: readers see the old object, none, or the whole new one.
 */
export class S3MediaBackend implements MediaBackend {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: S3MediaOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async read(name: string): Promise<Buffer | undefined> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw e;
    }
  }

  async exists(name: string): Promise<boolean> {
    return (await this.size(name)) !== undefined;
  }

  /** The object's size, or undefined when there is none (HEAD /media/…). */
  async size(name: string): Promise<number | undefined> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return res.ContentLength ?? 0;
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw e;
    }
  }

  async write(name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: name,
        Body: data,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE_CONTROL,
      }),
    );
  }

  async remove(name: string): Promise<boolean> {
    // S3 answers 204 whether or not the key existed; a HEAD first tells the two apart for the counts.
    if (!(await this.exists(name))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
    return true;
  }

  async *list(): AsyncIterable<MediaObjectInfo> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: 1000 }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { name: object.Key, bytes: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Streams an object, or the single byte range `bytes=a-b` / `a-` / `-n` asked for. */
  async open(name: string, range?: string): Promise<S3MediaRead> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: name, Range: range }),
      );
      return {
        found: true,
        unsatisfiable: false,
        body: res.Body as Readable,
        bytes: res.ContentLength ?? 0,
        contentRange: range ? res.ContentRange : undefined,
      };
    } catch (e) {
      if (isMissing(e)) return { found: false };
      if (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 416) {
        const total = await this.size(name);
        return total === undefined ? { found: false } : { found: true, unsatisfiable: true, total };
      }
      throw e;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(e: unknown): boolean {
  return (
    e instanceof NoSuchKey ||
    e instanceof NotFound ||
    (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404)
  );
}
