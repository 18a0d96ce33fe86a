import type { Runtime } from '../runtime.js';
import { createRepositories } from '../services.js';

/**
 * The repositories over a test runtime's database, for tests that seed or inspect storage directly.
 * Routes and services never get these: services.ts builds services from them, and routes get services.
 */
export const testRepositories = (runtime: Pick<Runtime, 'database'>) =>
  createRepositories(runtime.database.db);
