import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Round trip to the server; throws when it is unreachable. */
  ping(): Promise<void>;
  /**
   * Writes and commits one row (the `readiness-probe` row of job_leases); throws when the database
   * answers but cannot write: disk full, read-only files or a read-only server.
   */
  writeProbe(): Promise<void>;
  /**
   * True when the database has every migration this code ships (readiness: during a rolling deploy a
   * newer process may have applied more, never fewer).
   */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… to use a real server; absent for the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  dataDir: string;
  /** Pool size for node-postgres. */
  poolMax?: number;
  /**
   * A PGlite data directory dumped earlier (`dumpDataDir`) to start from instead of an empty one: tests
   * start from a migrated template, so the migrations below find nothing left to do.
   */
  pgliteDataDirDump?: Blob | undefined;
}

/** The committed SQL migrations, found through the package so it works from source and from bundles. */
export function migrationsFolder(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@app/api/package.json')), 'drizzle');
}

// Any fixed number: every process that migrates takes this lock first so two never migrate at once.
const MIGRATION_LOCK_ID = 7_406_210_001;

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const migrations = { migrationsFolder: migrationsFolder() };
    const lastMigration = Math.max(0, ...readMigrationFiles(migrations).map((m) => m.folderMillis));
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that errors (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    // Nor may one checked out (a transaction between two statements) when its connection is lost: node-postgres
    // emits the socket error on the client itself, and an 'error' nobody listens to ends the process. The
    // statement in flight, or the next one, still fails, and the pool drops the client when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migratePg(drizzlePg(client, { schema }), migrations);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      writeProbe: () => writeProbe(db),
      migrationsApplied: () => migrationsApplied(db, lastMigration),
      close: () => pool.end(),
    };
  }

  const dataDir = options.dataDir.startsWith('memory://')
    ? options.dataDir
    : path.resolve(options.dataDir, 'pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(
    dataDir,
    options.pgliteDataDirDump ? { loadDataDir: options.pgliteDataDirDump } : {},
  );
  await client.waitReady;
  return pgliteDatabase(client, () => client.close());
}

/**
 * A handle on a started PGlite, its schema brought up to date; `close` says what closing the handle does
 * (the tests' pool of databases hands a client back instead of closing it).
 */
export async function pgliteDatabase(client: PGlite, close: () => Promise<void>): Promise<DatabaseHandle> {
  const migrations = { migrationsFolder: migrationsFolder() };
  const lastMigration = Math.max(0, ...readMigrationFiles(migrations).map((m) => m.folderMillis));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, migrations);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    writeProbe: () => writeProbe(db),
    migrationsApplied: () => migrationsApplied(db, lastMigration),
    close,
  };
}

/**
 * An upsert of one row that no job claims (a temporary table would write the catalogue twice per call).
 * `next_run_at` takes the time, so every probe really changes the row and commits a write.
 */
async function writeProbe(db: Database): Promise<void> {
  await db.execute(
    sql`insert into job_leases (name, next_run_at) values ('readiness-probe', now())
        on conflict (name) do update set next_run_at = excluded.next_run_at`,
  );
}

/** drizzle's own record of applied migrations (schema `drizzle`), compared with the newest we ship. */
async function migrationsApplied(db: Database, lastMigration: number): Promise<boolean> {
  const result = await db.execute<{ last: string | number | null }>(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const rows = (result as unknown as { rows: { last: string | number | null }[] }).rows;
  return Number(rows[0]?.last ?? 0) >= lastMigration;
}
