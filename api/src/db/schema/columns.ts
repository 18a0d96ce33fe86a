import { integer, timestamp } from 'drizzle-orm/pg-core';

// Column helpers every table of the schema shares.

/** Timestamps with time zone, read back as Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => ts('created_at').notNull().defaultNow();

export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/** Optimistic-concurrency counter on rows that clients edit. */
export const version = () => integer('version').notNull().default(1);
