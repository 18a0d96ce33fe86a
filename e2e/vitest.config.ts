import { defineConfig } from 'vitest/config';

// Browser tests share two cores with the app under test: one file at a time, generous timeouts.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
