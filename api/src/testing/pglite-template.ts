import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../db/database.js';

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

/** A fresh, migrated, empty PGlite database in memory, started from the shared template. */
export async function openTestPglite(): Promise<DatabaseHandle> {
  dump ??= loadOrMakeDump();
  return openDatabase({ dataDir: 'memory://', pgliteDataDirDump: await dump });
}
