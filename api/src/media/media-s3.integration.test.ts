import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZWidgetInit } from '@app/shared';
import { createTestRuntime } from '../testing/runtime.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';
import { ManualClock } from '../lib/clock.js';
import { createServices, type Services } from '../services.js';
import { testRepositories } from '../testing/repositories.js';
import type { Runtime } from '../runtime.js';
import { DemoSource } from '../instagram/demo.source.js';

const CDN = 'https://cdn.example.com/lamha';

describe('media in an S3 bucket, served from MEDIA_PUBLIC_URL', () => {
  let s3: TestS3Server;
  let runtime: Runtime;
  let services: Services;
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));

  beforeAll(async () => {
    s3 = await startTestS3Server();
    runtime = await createTestRuntime({ clock, env: { ...s3.env, MEDIA_PUBLIC_URL: `${CDN}/` } });
    services = createServices(runtime, { source: new DemoSource({ clock }), workerId: 's3-test' });
  });
  afterAll(async () => {
    await runtime.close();
    await s3.close();
  });

  it('copies a refresh’s media into the bucket and points the snapshot at the public base', async () => {
    const repos = testRepositories(runtime);
    const { user } = await repos.users.findOrCreate({
      email: 's3@shop.sa',
      trialEndsAt: new Date(clock.now().getTime() + 14 * 86_400_000),
    });
    const connected = await services.instagramAccount.connect(user.id, 'coffee.house');
    if (!connected.ok) throw connected.error;
    const [outcome] = await services.refresh.refreshDueAccounts();
    expect(outcome).toMatchObject({ ok: true, mediaFailures: 0 });

    const row = await repos.snapshots.findByWidgetKey(connected.value.account.publicWidgetKey);
    const body = row!.body;
    ZWidgetInit.parse(JSON.parse(body));
    expect(body).not.toContain('"/media/');
    const urls = [...body.matchAll(/"(https:\/\/cdn\.example\.com\/lamha\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(20);
    // Every URL names an object in the bucket, under the same content-addressed name.
    const inBucket = new Set<string>();
    for await (const object of services.mediaStore.backend.list()) inBucket.add(object.name);
    for (const url of new Set(urls)) expect(inBucket).toContain(url.slice(CDN.length + 1));
    // The stored content itself keeps /media/ paths: the public base is applied when a snapshot is built.
    const content = await repos.content.find(connected.value.account.id);
    expect(JSON.stringify(content!.posts)).toContain('"/media/');
    // A whole demo account's images are encoded here: slow on a busy machine, not a timing assertion.
  }, 180_000);
});
