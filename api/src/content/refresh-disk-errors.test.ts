import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMerchant } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { createTestRuntime } from '../testing/runtime.js';
import { signInForTest } from '../testing/sign-in.js';
import { createServices, type Services } from '../services.js';
import { startHttpServer, type RunningServer } from '../server.js';
import type { Runtime } from '../runtime.js';
import { CONTENT_SAVE_FAILED_MESSAGE } from '../lib/system-error.js';

describe.each(databaseBackends)('a refresh that cannot write its media on $name', (backend) => {
  let runtime: Runtime;
  let services: Services;
  let http: RunningServer;
  let mediaDir: string;

  beforeAll(async () => {
    // A media directory under a regular file: every write fails with a system error (ENOTDIR), as a full
    // disk (ENOSPC) or a read-only volume (EROFS) would.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'lamha-disk-')), 'a-file');
    writeFileSync(file, '');
    mediaDir = path.join(file, 'media');
    runtime = await createTestRuntime({ database: await backend.open(), env: { MEDIA_DIR: mediaDir } });
    services = createServices(runtime, { random: () => 0.5 });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http?.close();
    await runtime?.close();
  });

  it('shows the merchant a generic message, not the system error and our paths', async () => {
    const { call, userId } = await signInForTest(runtime, http.url, 'disk@shop.sa');
    const connected = await services.instagramAccount.connect(userId, 'disk.shop');
    if (!connected.ok) throw connected.error;
    await services.refresh.refreshDueAccounts();
    const merchant = ZMerchant.parse(await (await call('GET', '/api/merchant')).json());
    expect(merchant.last_error).toBe(CONTENT_SAVE_FAILED_MESSAGE);
    expect(merchant.last_error).not.toMatch(/ENOTDIR|ENOSPC|a-file|\//);
  });
});
