import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3MediaOptions } from '../media/s3-media.backend.js';

export interface TestS3Server {
  /** Client options for the server's bucket, as the S3_* variables would give them. */
  options: S3MediaOptions;
  /** The same as S3_* environment variables. */
  env: Record<string, string>;
  /** Every request the server answered, `METHOD /path?query`: tests check what reached the bucket. */
  requests: string[];
  /** Another empty bucket, made through the API as an operator (or the compose file's mc container) would. */
  createBucket(name: string): Promise<void>;
  close(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';

/**
 * An S3-compatible server on 127.0.0.1 (s3rver, files under a temporary directory) with one empty bucket.
 * s3rver computes the signature of a path-style bucket listing over `/bucket` while the SDK signs
 * `/bucket/`, so signature checks are off; everything else is S3's REST API as the SDK speaks it.
 */
export async function startTestS3Server(bucket = 'lamha-media'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'lamha-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer.prependListener('request', (req: { method?: string; url?: string }) => {
    requests.push(`${req.method} ${req.url}`);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    options: {
      endpoint,
      region: 'us-east-1',
      bucket,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
    },
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    createBucket: async (name) => {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      });
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
