import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Verbose names show which backends ran ("database on postgres > …").
    reporters: ['verbose'],
    testTimeout: 30_000,
    // Files share a worker's loaded modules instead of loading the app's whole graph (Express, drizzle, the
    // AWS SDK, …) again for each of 75 files: measured 210 s and 246 CPU-s for the suite on two workers,
    // against 380 CPU-s isolated. Every test opens its own database, cache and server, and no test
    // mocks a module, so nothing a file leaves behind is read by the next.
    isolate: false,
    hookTimeout: 60_000,
  },
});
