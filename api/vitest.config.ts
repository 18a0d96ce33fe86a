import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Verbose names show which backends ran ("database on postgres > …").
    reporters: ['verbose'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
