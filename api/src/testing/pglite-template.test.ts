import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idleTestDatabases, openTestPglite, pgliteStarts } from './pglite-template.js';

const count = async (handle: Awaited<ReturnType<typeof openTestPglite>>, table: string) => {
  const result = await handle.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('the pool of test databases', () => {
  it('hands a closed database to the next test emptied back to the template', async () => {
    const first = await openTestPglite();
    const seededTiers = await count(first, 'subscription_tiers');
    expect(seededTiers).toBeGreaterThan(0);
    await first.db.execute(sql`insert into users (email) values ('pool@test.sa')`);
    await first.db.execute(sql`delete from subscription_tiers`);
    await first.db.execute(sql`select pg_advisory_lock(42)`);
    await first.close();
    // As a closed PGlite: every use of the old handle fails (drizzle wraps the error).
    const failure = await first.ping().then(
      () => undefined,
      (error: Error) => error,
    );
    expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/closed/);

    const startsBefore = pgliteStarts();
    const second = await openTestPglite();
    expect(pgliteStarts()).toBe(startsBefore); // the same database, not a new one
    expect(await count(second, 'users')).toBe(0);
    expect(await count(second, 'subscription_tiers')).toBe(seededTiers);
    // The session's advisory lock went with the first test.
    const locked = await second.db.execute<{ ok: boolean }>(sql`select pg_try_advisory_lock(42) as ok`);
    expect((locked as unknown as { rows: { ok: boolean }[] }).rows[0]!.ok).toBe(true);
    await second.close();
  });

  it('never reuses a database whose schema a test changed', async () => {
    const changed = await openTestPglite();
    await changed.db.execute(sql`create table pool_probe (id int)`);
    // Other files of this worker (isolate: false) may have left databases in the pool: count what the
    // close adds to it, not whether the next open starts a new one.
    const idleBefore = idleTestDatabases();
    await changed.close();
    expect(idleTestDatabases()).toBe(idleBefore); // closed for good, not put back
    const next = await openTestPglite();
    const found = await next.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_tables where tablename = 'pool_probe'`,
    );
    expect((found as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    await next.close();
  });
});
