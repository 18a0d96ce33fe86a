import { inject } from 'vitest';
import type { AppUnderTest } from './harness.js';

/** The app global-setup.ts started for this run: one for every test file. */
export function sharedApp(): AppUnderTest {
  return { url: inject('appUrl') };
}
