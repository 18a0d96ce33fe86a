import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseBackends, silentLogger } from '../testing/backends.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';
import type { DatabaseHandle } from '../db/database.js';
import { ManualClock } from '../lib/clock.js';
import { createRepositories } from '../services.js';
import { LocalMediaBackend, type MediaBackend } from './media.backend.js';
import { S3MediaBackend } from './s3-media.backend.js';
import { MediaStore, type StoredImage } from './media.store.js';
import { JobLeasesRepository } from '../jobs/job-leases.repository.js';
import { MediaObjectsRepository } from './media-objects.repository.js';
import { MediaCleanup } from './media-cleanup.service.js';

const DAY = 86_400_000;

let s3: TestS3Server;
let buckets = 0;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3.close();
});

const mediaBackends: { name: string; open(): Promise<{ backend: MediaBackend; close(): Promise<void> }> }[] =
  [
    {
      name: 'local',
      open: async () => {
        const root = await mkdtemp(path.join(tmpdir(), 'lamha-cleanup-'));
        return {
          backend: new LocalMediaBackend(path.join(root, 'media')),
          close: () => rm(root, { recursive: true, force: true }),
        };
      },
    },
    {
      name: 's3',
      open: async () => {
        const bucket = `cleanup-${++buckets}`;
        await s3.createBucket(bucket);
        const backend = new S3MediaBackend({ ...s3.options, bucket });
        return { backend, close: () => Promise.resolve(backend.close()) };
      },
    },
  ];

const cases = databaseBackends.flatMap((database) =>
  mediaBackends.map((media) => ({ name: `${database.name} + ${media.name}`, database, media })),
);

describe.each(cases)('media clean-up on $name', ({ database, media }) => {
  let db: DatabaseHandle;
  let backend: MediaBackend;
  let closeMedia: () => Promise<void>;
  let repo: MediaObjectsRepository;
  let store: MediaStore;
  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
  const cleanup = (workerId = 'cron-1', over: Partial<ConstructorParameters<typeof MediaCleanup>[0]> = {}) =>
    new MediaCleanup({
      repo,
      leases: new JobLeasesRepository(db.db),
      store,
      clock,
      logger: silentLogger,
      config: { graceMs: 7 * DAY, intervalMs: 6 * 3_600_000, leaseMs: 600_000, workerId },
      ...over,
    });

  beforeEach(async () => {
    db = await database.open();
    ({ backend, close: closeMedia } = await media.open());
    repo = new MediaObjectsRepository(db.db);
    store = new MediaStore(backend, { ledger: repo });
  });
  afterEach(async () => {
    await closeMedia();
    await db.close();
  });

  const jpeg = (background: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background } })
      .jpeg()
      .toBuffer();
  async function stored(background: string): Promise<StoredImage> {
    const result = await store.store(await jpeg(background), 'image/jpeg');
    if (!result.ok) throw new Error(result.error.message);
    return result.value as StoredImage;
  }
  /** A manual product whose picture is `image`: one of the places that keep media. */
  async function productShowing(image: StoredImage) {
    const { user } = await createRepositories(db.db).users.findOrCreate({
      email: `m${Math.random().toString(36).slice(2)}@shop.sa`,
      trialEndsAt: clock.now(),
    });
    const picture = {
      kind: 'image',
      width: image.width,
      height: image.height,
      color: image.placeholderColor,
      renditions: image.renditions,
    };
    await db.db.execute(sql`insert into products (user_id, source, url, price_halalas, image)
      values (${user.id}, 'manual', 'https://shop.sa/p', 100, ${JSON.stringify(picture)}::jsonb)`);
    return user.id;
  }
  const files = async (hash: string) => {
    const names: string[] = [];
    for await (const object of backend.list()) if (object.name.startsWith(hash)) names.push(object.name);
    return names.length;
  };

  it('deletes an item nothing uses only once it has stayed unused for the grace period', async () => {
    const kept = await stored('#aa0000');
    const dropped = await stored('#00aa00');
    await productShowing(kept);

    expect(await cleanup().sweep(clock.now())).toMatchObject({ marked: 1, deleted: 0 });
    clock.advance(7 * DAY - 60_000);
    expect(await cleanup().sweep(clock.now())).toMatchObject({ marked: 0, deleted: 0 });
    expect(await files(dropped.hash)).toBe(2);

    clock.advance(2 * 60_000);
    expect(await cleanup().sweep(clock.now())).toMatchObject({ deleted: 1, files: 2 });
    expect(await files(dropped.hash)).toBe(0);
    expect(await files(kept.hash)).toBe(2);
  });

  it('never deletes an item a refresh stores again, even while the sweep is deleting it', async () => {
    const bytes = await jpeg('#0000aa');
    const first = await stored('#0000aa');
    await cleanup().sweep(clock.now());
    clock.advance(8 * DAY);

    // A refresh stores the same picture at the moment the sweep deletes its files.
    let refresh: Promise<unknown> | undefined;
    const racing = Object.assign(Object.create(store) as MediaStore, {
      remove: async (hash: string) => {
        refresh ??= store.store(bytes, 'image/jpeg');
        // Give the refresh's mark time to reach the database and wait on the row lock.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return store.remove(hash);
      },
    });
    const sweep = await cleanup('cron-1', { store: racing }).sweep(clock.now());
    expect(sweep.deleted).toBe(1);
    const again = await refresh;
    expect(again).toMatchObject({ ok: true, value: { hash: first.hash } });
    // The refresh waited for the deletion, then wrote the files anew: whatever it references exists.
    expect(await files(first.hash)).toBe(2);
    expect((await repo.all()).get(first.hash)).toBeNull();
  });

  it('ends the grace period of an item used again, and adopts files it had no record of', async () => {
    const image = await stored('#aaaa00');
    // A file written before the clean-up existed: no row.
    await db.db.execute(sql`delete from media_objects`);
    expect(await cleanup().sweep(clock.now())).toMatchObject({ marked: 1 });
    clock.advance(3 * DAY);
    await productShowing(image);
    expect(await cleanup().sweep(clock.now())).toMatchObject({ cleared: 1 });
    clock.advance(30 * DAY);
    expect(await cleanup().sweep(clock.now())).toMatchObject({ deleted: 0 });
    expect(await files(image.hash)).toBe(2);
  });

  it('runs in one process at a time, once per interval across processes', async () => {
    await stored('#00aaaa');
    const [a, b] = await Promise.all([cleanup('cron-1').runIfDue(), cleanup('cron-2').runIfDue()]);
    expect([a, b].filter((r) => r !== undefined)).toHaveLength(1);
    expect(await cleanup('cron-2').runIfDue()).toBeUndefined();
    clock.advance(6 * 3_600_000);
    expect(await cleanup('cron-2').runIfDue()).toBeDefined();
  });
});
