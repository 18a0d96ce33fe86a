import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LocalMediaBackend } from './media.backend.js';
import { S3MediaBackend } from './s3-media.backend.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';

const host = hostname()
  .toLowerCase()
  .replace(/[^a-z0-9-]/g, '-')
  .slice(0, 63);

describe('LocalMediaBackend: temporary files a crash left', () => {
  let dir: string;
  let backend: LocalMediaBackend;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lamha-media-backend-'));
    backend = new LocalMediaBackend(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('removes a dead writer’s, this pid’s and any old one, and keeps a live writer’s fresh file', async () => {
    const name = `${'a'.repeat(64)}-320.webp`;
    const deadPid = 2 ** 22 + 12345; // above Linux's pid_max default range: never running
    const files = {
      dead: `.${name}.${host}_${deadPid}.0123456789ab.tmp`,
      mine: `.${name}.${host}_${process.pid}.0123456789ab.tmp`,
      otherHostFresh: `.${name}.other-host_1.0123456789ab.tmp`,
      otherHostOld: `.${name}.old-host_1.0123456789ab.tmp`,
      liveWriter: `.${name}.${host}_${process.ppid}.0123456789ab.tmp`,
    };
    for (const file of Object.values(files)) await writeFile(path.join(dir, file), 'partial');
    await writeFile(path.join(dir, name), 'whole');
    const now = new Date();
    const twoHoursAgo = new Date(now.getTime() - 2 * 3_600_000);
    await utimes(path.join(dir, files.otherHostOld), twoHoursAgo, twoHoursAgo);

    expect(await backend.removeStrayTemporaryFiles(now)).toBe(3);
    expect((await readdir(dir)).sort()).toEqual([files.otherHostFresh, files.liveWriter, name].sort());
  });

  it('lists stored objects, never the temporary ones', async () => {
    await backend.write(`${'b'.repeat(64)}.mp4`, Buffer.from('video'));
    await writeFile(path.join(dir, `.x.${host}_1.0123456789ab.tmp`), 'partial');
    const listed = [];
    for await (const object of backend.list()) listed.push(object);
    expect(listed).toEqual([{ name: `${'b'.repeat(64)}.mp4`, bytes: 5, modifiedAt: expect.any(Date) }]);
  });
});

describe('S3MediaBackend', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  });
  afterAll(async () => {
    await s3.close();
  });

  it('stores objects with their type and the immutable cache header, so a CDN can serve the bucket', async () => {
    const backend = new S3MediaBackend(s3.options);
    const name = `${'c'.repeat(64)}-640.webp`;
    await backend.write(name, Buffer.from('webp bytes'), 'image/webp');
    const client = new S3Client({
      endpoint: s3.options.endpoint,
      region: s3.options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.options.bucket, Key: name }));
    client.destroy();
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(await backend.read(name)).toEqual(Buffer.from('webp bytes'));
    expect(await backend.remove(name)).toBe(true);
    expect(await backend.remove(name)).toBe(false);
    expect(await backend.read(name)).toBeUndefined();
    backend.close();
  });
});
