import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';

describe.each(databaseBackends)('readiness on $name', (backend) => {
  let runtime: Runtime;
  let http: RunningServer;
  let writable = true;

  beforeAll(async () => {
    const database = await backend.open();
    runtime = await createTestRuntime({
      database: {
        ...database,
        // The real probe, unless the test says the disk has just filled up.
        writeProbe: () => (writable ? database.writeProbe() : Promise.reject(new Error('ENOSPC'))),
      },
    });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  it('/readyz writes to the database; /healthz only reads', async () => {
    const ready = await fetch(`${http.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', db: backend.name });
    // Twice in a row: the probe leaves nothing behind that would make the next one fail.
    expect((await fetch(`${http.url}/readyz`)).status).toBe(200);

    writable = false;
    const notReady = await fetch(`${http.url}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toMatchObject({ error: { code: 'database_read_only' } });
    // Liveness does not depend on writing.
    expect((await fetch(`${http.url}/healthz`)).status).toBe(200);
    writable = true;
  });
});
