import { defineConfig } from 'vitest/config';

// Browser tests share two cores with the app under test: one file at a time, generous timeouts. The app
// is started once for the whole run (src/global-setup.ts) and every file tests that one.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
