import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZAdminDeadJobs, ZAdminJobRetried } from '@app/shared';
import type { Runtime } from '../runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import { createServices, type Services } from '../services.js';
import { createTestRuntime } from '../testing/runtime.js';
import { signInForTest } from '../testing/sign-in.js';
import { defineJob } from './job-queue.js';

describe('admin view of dead background jobs', () => {
  let runtime: Runtime;
  let services: Services;
  let http: RunningServer;
  let admin: Awaited<ReturnType<typeof signInForTest>>;
  let merchant: Awaited<ReturnType<typeof signInForTest>>;
  const FRAGILE = defineJob({ name: 'test.fragile', payload: z.object({ n: z.number() }), maxAttempts: 1 });
  let failing = true;
  const done: number[] = [];

  beforeAll(async () => {
    runtime = await createTestRuntime({ env: { ADMIN_EMAILS: 'boss@shop.sa' } });
    services = createServices(runtime);
    services.jobs.register(FRAGILE, ({ n }) => {
      if (failing) return Promise.reject(new Error(`job ${n} broke`));
      done.push(n);
      return Promise.resolve();
    });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
    admin = await signInForTest(runtime, http.url, 'boss@shop.sa');
    merchant = await signInForTest(runtime, http.url, 'owner@shop.sa');
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('lists a job that failed its last attempt, with its error, to admins only', async () => {
    await services.jobs.enqueue(FRAGILE, { n: 7 });
    await services.jobs.idle();
    expect((await merchant.call('GET', '/api/admin/jobs/dead')).status).toBe(403);
    expect((await fetch(`${http.url}/api/admin/jobs/dead`)).status).toBe(401);
    const res = await admin.call('GET', '/api/admin/jobs/dead');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { jobs } = ZAdminDeadJobs.parse(await res.json());
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      name: 'test.fragile',
      payload: { n: 7 },
      attempts: 1,
      last_error: 'job 7 broke',
    });
    expect(jobs[0]?.died_at).not.toBeNull();
  });

  it('retries a dead job: it runs again and leaves the list; a job not dead is 404', async () => {
    const [job] = ZAdminDeadJobs.parse(await (await admin.call('GET', '/api/admin/jobs/dead')).json()).jobs;
    failing = false;
    expect((await merchant.call('POST', `/api/admin/jobs/${job!.id}/retry`)).status).toBe(403);
    const res = await admin.call('POST', `/api/admin/jobs/${job!.id}/retry`);
    expect(res.status).toBe(200);
    expect(ZAdminJobRetried.parse(await res.json())).toEqual({ id: job!.id, status: 'queued' });
    await services.jobs.idle();
    expect(done).toEqual([7]);
    expect(ZAdminDeadJobs.parse(await (await admin.call('GET', '/api/admin/jobs/dead')).json()).jobs).toEqual(
      [],
    );

    const again = await admin.call('POST', `/api/admin/jobs/${job!.id}/retry`);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await admin.call('POST', '/api/admin/jobs/not-a-uuid/retry')).status).toBe(400);
  });
});
