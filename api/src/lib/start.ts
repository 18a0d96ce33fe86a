import { ConfigError } from '../config/env.js';

/** Loads configuration for a process entry point; a bad environment stops it with every bad key named. */
export function loadConfigOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
