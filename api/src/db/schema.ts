// The database schema, one file per area under schema/; drizzle-kit reads it from here (drizzle.config.ts)
// and generates the migrations in api/drizzle/.
export * from './schema/accounts.js';
export * from './schema/content.js';
export * from './schema/platforms.js';
export * from './schema/billing.js';
export * from './schema/studio.js';
export * from './schema/jobs.js';
