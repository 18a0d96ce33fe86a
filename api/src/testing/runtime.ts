import { randomBytes } from 'node:crypto';
import { loadApiEnv } from '../config/env.js';
import { MemoryCache } from '../cache/memory.cache.js';
import type { CachePort } from '../cache/cache.port.js';
import type { DatabaseHandle } from '../db/database.js';
import { openTestPglite } from './pglite-template.js';
import { ManualClock, type Clock } from '../lib/clock.js';
import { DevMailbox } from '../mail/dev-mailbox.js';
import type { MailPort } from '../mail/mail.port.js';
import type { Runtime } from '../runtime.js';
import { silentLogger } from './backends.js';

export interface TestRuntimeOptions {
  env?: Record<string, string>;
  database?: DatabaseHandle;
  cache?: CachePort;
  mailer?: MailPort;
  clock?: Clock;
}

/**
 * Sample pictures drawn this wide in tests (DEMO_MEDIA_MAX_WIDTH), as in the browser tests: a demo refresh
 * encodes about fifty pictures and three WebP renditions each, which at 1080 px is most of a refresh's cost.
 * A test that checks full-size demo pictures sets DEMO_MEDIA_MAX_WIDTH itself.
 */
export const TEST_DEMO_MEDIA_MAX_WIDTH = 320;

/** A runtime on PGlite in memory (or the given backends), a manual clock and the dev mailbox. */
export async function createTestRuntime(
  options: TestRuntimeOptions = {},
): Promise<Runtime & { clock: Clock }> {
  const env = loadApiEnv({
    LOG_LEVEL: 'silent',
    DEMO_MEDIA_MAX_WIDTH: String(TEST_DEMO_MEDIA_MAX_WIDTH),
    ...options.env,
  });
  const database = options.database ?? (await openTestPglite());
  const clock = options.clock ?? new ManualClock(new Date());
  // Rate-limit windows follow the same clock as everything else in the test.
  const cache = options.cache ?? new MemoryCache({ maxBytes: 1024 * 1024, now: () => clock.now().getTime() });
  const mailer = options.mailer ?? new DevMailbox(database.db, silentLogger);
  return {
    env,
    logger: silentLogger,
    database,
    cache,
    mailer,
    clock,
    authSecret: randomBytes(32),
    version: '9.9.9',
    close: async () => {
      await mailer.close();
      await cache.close();
      await database.close();
    },
  };
}
