import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer, SHARED_BROWSER_ENV, startApp } from './harness.js';
import { A11Y_ADMIN_EMAIL, ADMIN_EMAIL, startPlatformFakes } from './platforms.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the app every e2e file tests (see sharedApp in app.ts). */
    appUrl: string;
  }
}

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/**
 * Boots the built app once for the whole e2e run (with fake Salla and Zid behind it) and stops it after the
 * last file, whether the files passed or failed. Files share its database: each uses its own e-mail
 * addresses, usernames and store ids, and none counts on what another left behind.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fakes = await startPlatformFakes();
  // At info level the log says what the app did for every file (refreshes, e-mails); kept in artifacts/app.log.
  const app = await startApp(
    {
      ADMIN_EMAILS: `${ADMIN_EMAIL},${A11Y_ADMIN_EMAIL}`,
      LOG_LEVEL: 'info',
      // Sample pictures at most 320 wide (one rendition each instead of three up to 1080): the refreshes every
      // new merchant starts then take the shared cores a fraction of the time. Screenshots and benchmarks
      // start their own app at full size.
      DEMO_MEDIA_MAX_WIDTH: '320',
      // Saved cards for automatic renewal are offered (the dev provider tokenizes and charges them).
      MOYASAR_TOKENIZATION: 'true',
      ...fakes.env,
    },
    // A hang guard, not a speed check: the first start makes a fresh PGlite (initdb, about 7 CPU-s) and runs
    // every migration while the unit tests fill both cores; measured up to 60 s on a busy machine.
    { startTimeoutMs: 180_000 },
  ).catch(async (error: unknown) => {
    await fakes.close();
    throw error;
  });
  project.provide('appUrl', app.url);
  // One Chromium for every file (the files run one at a time): workers start after this and inherit the
  // endpoint through the environment (launchBrowser in harness.ts connects to it).
  const browser = await launchBrowserServer().catch(async (error: unknown) => {
    await app.stop();
    await fakes.close();
    throw error;
  });
  process.env[SHARED_BROWSER_ENV] = browser.wsEndpoint();
  return async () => {
    try {
      await browser.close();
      await app.stop();
    } finally {
      await fakes.close();
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(path.join(ARTIFACTS, 'app.log'), app.output());
    }
  };
}
