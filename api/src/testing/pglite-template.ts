import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase, pgliteDatabase, type DatabaseHandle } from '../db/database.js';

/**
 * Tests open about a hundred empty PGlite databases; creating one (initdb) and migrating it costs seconds.
 * The first test process migrates one and dumps its data directory to a file named by the migrations'
 * contents and PGlite's version; every other test database starts from that dump. A changed migration
 * names a new file, so a dump never outlives the schema it was made with. The key also names PostgreSQL's
 * template database (backends.ts).
 */
export function templateKey(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      )
      .sort();
  for (const file of files(folder)) hash.update(path.relative(folder, file)).update(readFileSync(file));
  // PGlite's version too (its package.json is not exported: found above its entry file).
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  hash.update(readFileSync(path.join(dir, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

let dump: Promise<Blob> | undefined;

async function loadOrMakeDump(): Promise<Blob> {
  const file = path.join(tmpdir(), `lamha-pglite-template-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const template = await openDatabase({ dataDir: 'memory://' });
    const client = (template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const tarball = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    await template.close();
    // Written aside and renamed: a process reading the file never sees half of it.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * What a database started from the template holds: the rows the migrations seed, every sequence's
 * position, and a fingerprint of the schema. A database handed back is brought back to exactly this.
 */
interface TemplateState {
  tables: string[];
  rows: { table: string; json: string }[];
  sequences: { name: string; last: string | null; start: string }[];
  fingerprint: string;
}

const FINGERPRINT = `select md5(coalesce((select string_agg(table_schema || '.' || table_name || '.' || column_name
    || ':' || data_type || ':' || coalesce(column_default, ''), ',' order by 1) from information_schema.columns
    where table_schema in ('public', 'drizzle')), '')
  || (select count(*) from pg_indexes where schemaname = 'public')
  || (select count(*) from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public')
  || (select count(*) from pg_trigger where not tgisinternal)) as fingerprint`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { rows: found } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${quote(table)} t`,
    );
    if (found[0]?.json) rows.push({ table, json: found[0].json });
  }
  const sequences = (
    await client.query<{ name: string; last: string | null; start: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
              last_value::text as last, start_value::text as start
         from pg_sequences where schemaname = 'public'`,
    )
  ).rows;
  const fingerprint = (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;
  return { tables, rows, sequences, fingerprint };
}

/**
 * Brings a database a test has finished with back to the template's state: session state dropped (locks,
 * prepared statements, settings), every table emptied, the seeded rows and the sequences put back.
 * False when the test changed the schema itself: that database is closed, not reused.
 */
async function resetToTemplate(client: PGlite, state: TemplateState): Promise<boolean> {
  // DELETE, not TRUNCATE: truncating gives each of the ~40 tables and their indexes new files (about
  // 0.4 CPU-s on PGlite) where deleting a test's few rows is a few milliseconds. Foreign keys are not
  // checked meanwhile (replica role), so the order does not matter.
  await client.exec('discard all');
  await client.exec(`set session_replication_role = replica;
    ${state.tables.map((table) => `delete from ${quote(table)};`).join('\n')}`);
  for (const { table, json } of state.rows) {
    await client.query(
      `insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
      [json],
    );
  }
  for (const sequence of state.sequences) {
    await client.query(
      sequence.last === null ? 'select setval($1, $2::bigint, false)' : 'select setval($1, $2::bigint, true)',
      [sequence.name, sequence.last ?? sequence.start],
    );
  }
  await client.exec('reset session_replication_role');
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]?.fingerprint === state.fingerprint;
}

/**
 * Starting a PGlite costs about a CPU-second even from the dump, and the tests open a few hundred: a
 * database a test closes is emptied back to the template (resetToTemplate, tens of milliseconds) and handed
 * to the next test in this process. A test sees only its own handle: after close() every use of it throws,
 * as a closed PGlite does, and work still queued on it (PGlite runs one statement at a time) finishes
 * before the reset starts.
 */
const idle: PGlite[] = [];
const MAX_IDLE = 2;
let templateState: Promise<TemplateState> | undefined;

let starts = 0;
/** How many PGlite databases this process has started for tests (the pool's own test reads it). */
export const pgliteStarts = () => starts;
/** How many closed databases wait in this process's pool (the pool's own test reads it). */
export const idleTestDatabases = () => idle.length;

async function startFromDump(): Promise<PGlite> {
  starts += 1;
  dump ??= loadOrMakeDump();
  const client = new PGlite('memory://', { loadDataDir: await dump });
  await client.waitReady;
  return client;
}

/** A fresh, migrated, empty PGlite database in memory, started from the shared template. */
export async function openTestPglite(): Promise<DatabaseHandle> {
  const client = idle.pop() ?? (await startFromDump());
  templateState ??= readTemplateState(client);
  const state = await templateState;
  let open = true;
  const lease = new Proxy(client, {
    get(target, key) {
      if (key === 'closed') return !open || target.closed;
      if (!open) throw new Error('this test database is closed');
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return pgliteDatabase(lease, async () => {
    if (!open) return;
    open = false;
    const reusable = idle.length < MAX_IDLE && (await resetToTemplate(client, state).catch(() => false));
    if (reusable) idle.push(client);
    else await client.close();
  });
}
