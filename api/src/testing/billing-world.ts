import type { ManualClock } from '../lib/clock.js';
import type { Runtime } from '../runtime.js';
import { createServices, type Repositories, type Services } from '../services.js';
import type { DatabaseBackend } from './backends.js';
import { startFakeMoyasar } from './fake-moyasar.js';
import { testRepositories } from './repositories.js';
import { createTestRuntime } from './runtime.js';

/** A billing test's own database, clock, services and fake Moyasar (keys named after the test). */
export interface BillingWorld {
  runtime: Runtime;
  clock: ManualClock;
  services: Services;
  repos: Repositories;
  moyasar: Awaited<ReturnType<typeof startFakeMoyasar>>;
  close(): Promise<void>;
}

export async function openBillingWorld(backend: DatabaseBackend, name: string): Promise<BillingWorld> {
  const secretKey = `sk_test_${name}`;
  const webhookSecret = `${name}-webhook-secret`;
  const moyasar = await startFakeMoyasar({ secretKey, webhookSecret });
  const runtime = await createTestRuntime({
    database: await backend.open(),
    env: {
      APP_URL: 'https://feed.example.com',
      MOYASAR_SECRET_KEY: secretKey,
      MOYASAR_WEBHOOK_SECRET: webhookSecret,
      MOYASAR_API_URL: moyasar.apiUrl,
    },
  });
  return {
    runtime,
    clock: runtime.clock as ManualClock,
    services: createServices(runtime, { random: () => 0.5 }),
    repos: testRepositories(runtime),
    moyasar,
    close: async () => {
      await runtime.close();
      await moyasar.close();
    },
  };
}
