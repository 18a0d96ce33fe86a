import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

/**
 * The background-work queue (api/src/jobs/): one row per piece of work a request or a schedule handed
 * over. `queued` rows wait for `run_at`; a worker claims them (`FOR UPDATE SKIP LOCKED`) as `running`
 * until `locked_until`, after which another worker may take them again; a failure puts the row back
 * with a later `run_at`, and after `max_attempts` it stays `dead` for an admin to look at or retry.
 * Finished work is deleted. `key`, when given, makes an enqueue of the same work a no-op.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    key: text('key'),
    payload: jsonb('payload').notNull(),
    state: text('state', { enum: ['queued', 'running', 'dead'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: ts('run_at').notNull(),
    lockedUntil: ts('locked_until'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_name_key_idx').on(t.name, t.key),
    index('jobs_state_run_at_idx').on(t.state, t.runAt),
  ],
);
