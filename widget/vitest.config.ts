import { defineConfig } from 'vitest/config';

// The build lives in scripts/build.mjs (two builds: core with its viewer chunk, then the loader).
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // The stylesheets are imported as strings (`?inline`) and tests look into them.
    css: { include: [/\.css/] },
  },
});
