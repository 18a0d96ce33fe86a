import { defineConfig } from 'vitest/config';

// Its own config, so `npx vitest` inside this workspace runs only its tests (without one, vitest would
// take the repository root's, which lists every workspace as a project).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
  },
});
