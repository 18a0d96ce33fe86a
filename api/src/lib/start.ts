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

/** A start-up failure whose message is the whole story: printed as one line, no stack trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** Runs a start-up step of an entry point; a StartupError stops the process with its one line. */
export async function startOrExit<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (err instanceof StartupError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
