import { defineConfig } from 'vitest/config';

// Browser tests share two cores with the app under test and the rest of CI: two files at a time (each
// mostly waits on the app and Chromium, about 0.8 of a core for one file), generous timeouts. The app and
// one Chromium are started once for the whole run (src/global-setup.ts) and every file tests that one; the
// files use their own e-mail addresses, usernames and store ids, so two of them never meet.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
