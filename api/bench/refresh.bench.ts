/**
 * `npm run bench:refresh`: the refresh engine under a simulated day.
 *
 * 10,000 accounts of mixed plans (40 % basic, 40 % pro, 20 % trial), a fake clock stepped one minute
 * per cron tick, a fake source that draws every call from the shared per-credential call budget, and the
 * real engine, repositories and database (PGlite in memory, or PostgreSQL at BENCH_DATABASE_URL).
 *
 * Prints:
 *  1. the share of refreshes that came within the plan interval + 10 % (goal 100 %),
 *  2. calls per credential per hour against the budget,
 *  3. whether the tick's claim query uses the next_refresh_at index (no sequential scan),
 *  4. the claim's cost at 1,000 vs 10,000 accounts with the same number due, measured in the same run
 *     (goal: flat, ratio near 1).
 * Exits non-zero when a goal is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { TIER_IDS, PLAN_LIMITS } from '@app/shared';
import type { DatabaseHandle } from '../src/db/database.js';
import { reportRow } from '@app/shared';
import { freshDatabase, seeded } from './support.js';
import { createTestRuntime } from '../src/testing/runtime.js';
import { ManualClock } from '../src/lib/clock.js';
import { createServices } from '../src/services.js';
import { CacheCallBudget } from '../src/instagram/call-budget.js';
import { MemoryCache } from '../src/cache/memory.cache.js';
import type { CallBudget, FetchContentOptions, InstagramSource } from '../src/instagram/instagram.source.js';
import { err, ok } from '../src/lib/result.js';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const CALLS_PER_HOUR = Number(process.env.BENCH_CALLS_PER_HOUR ?? 4_800);
const START = new Date('2026-03-01T00:00:00Z');
const HOUR = 3_600_000;

class BenchSource implements InstagramSource {
  readonly name = 'demo' as const;
  readonly capabilities = { highlights: false, stories: false };
  readonly callsPerHour = new Map<number, number>();
  readonly refreshedAt = new Map<string, number[]>();
  constructor(
    private readonly clock: ManualClock,
    private readonly budget: CallBudget,
  ) {}
  lookupAccount(username: string) {
    return Promise.resolve(ok({ externalId: '1', username }));
  }
  async fetchContent(username: string, _options: FetchContentOptions) {
    const permit = await this.budget.take();
    if (!permit.ok)
      return err({ kind: 'rate_limited' as const, message: 'budget', retryAfterMs: permit.retryAfterMs });
    const now = this.clock.now().getTime();
    const hour = Math.floor((now - START.getTime()) / HOUR);
    this.callsPerHour.set(hour, (this.callsPerHour.get(hour) ?? 0) + 1);
    const times = this.refreshedAt.get(username) ?? [];
    times.push(now);
    this.refreshedAt.set(username, times);
    return ok({ profile: { externalId: '1', username }, posts: [], highlights: [] });
  }
}

type Plan = 'basic' | 'pro' | 'trial';
const planOf = (i: number): Plan => (i % 5 < 2 ? 'basic' : i % 5 < 4 ? 'pro' : 'trial');

/** Inserts n merchants with accounts whose first refresh is spread over their plan interval. */
async function seed(
  db: DatabaseHandle['db'],
  n: number,
  start: Date,
  firstDue: (i: number, plan: Plan) => Date,
) {
  const chunk = 1000;
  for (let from = 0; from < n; from += chunk) {
    const rows = Array.from({ length: Math.min(chunk, n - from) }, (_, k) => from + k);
    await db.execute(sql`
      insert into users (email, trial_ends_at)
      select 'm' || g || '@bench.sa', ${new Date(start.getTime() + 14 * 24 * HOUR)}::timestamptz
      from unnest(${sql.raw(`array[${rows.join(',')}]`)}::int[]) as g`);
    for (const plan of ['basic', 'pro'] as const) {
      const ids = rows.filter((i) => planOf(i) === plan);
      if (ids.length === 0) continue;
      await db.execute(sql`
        insert into user_subscriptions (user_id, tier_id, source)
        select u.id, ${TIER_IDS[plan]}::uuid, 'direct' from users u
        where u.email in (${sql.join(
          ids.map((i) => sql`${`m${i}@bench.sa`}`),
          sql`, `,
        )})`);
    }
    const values = rows.map(
      (i) =>
        sql`(${`m${i}@bench.sa`}, ${`shop${i}`}, ${`wk_bench_${i}`}, ${firstDue(i, planOf(i))}::timestamptz)`,
    );
    await db.execute(sql`
      insert into instagram_accounts (user_id, instagram_username, public_widget_key, next_refresh_at)
      select u.id, v.username, v.key, v.due
      from (values ${sql.join(values, sql`, `)}) as v(email, username, key, due)
      join users u on u.email = v.email`);
  }
  await db.execute(sql`analyze`);
}

const intervalHours = (plan: Plan) => PLAN_LIMITS[plan].refreshHours;

async function simulateDay() {
  const clock = new ManualClock(new Date(START));
  const runtime = await createTestRuntime({
    clock,
    database: await freshDatabase(),
    env: { REFRESH_BATCH_SIZE: '200', REFRESH_CONCURRENCY: '8' },
  });
  const random = seeded(42);
  const budgetCache = new MemoryCache({ maxBytes: 1 << 20, now: () => clock.now().getTime() });
  const source = new BenchSource(
    clock,
    new CacheCallBudget(budgetCache, clock, 'graph:bench', CALLS_PER_HOUR),
  );
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-bench-'));
  runtime.env.MEDIA_DIR = mediaDir;
  const services = createServices(runtime, { source, random, workerId: 'bench' });
  const seedRandom = seeded(7);
  const t0 = performance.now();
  await seed(
    runtime.database.db,
    ACCOUNTS,
    START,
    (_i, plan) => new Date(START.getTime() + seedRandom() * intervalHours(plan) * HOUR),
  );
  const seededMs = performance.now() - t0;

  const end = START.getTime() + HOURS * HOUR;
  let ticks = 0;
  let tickMsTotal = 0;
  let maxTickMs = 0;
  const t1 = performance.now();
  while (clock.now().getTime() < end) {
    const tickStart = performance.now();
    for (;;) {
      const outcomes = await services.refresh.refreshDueAccounts();
      if (outcomes.length === 0) break;
    }
    const ms = performance.now() - tickStart;
    tickMsTotal += ms;
    maxTickMs = Math.max(maxTickMs, ms);
    ticks++;
    clock.advance(60_000);
  }
  const simulatedMs = performance.now() - t1;

  // Each gap between refreshes, plus the first (from the start) and the last (to the end of the day).
  let within = 0;
  let total = 0;
  let worstRatio = 0;
  for (let i = 0; i < ACCOUNTS; i++) {
    const limit = intervalHours(planOf(i)) * HOUR * 1.1;
    const times = source.refreshedAt.get(`shop${i}`) ?? [];
    const points = [START.getTime(), ...times, end];
    for (let k = 1; k < points.length; k++) {
      const gap = points[k]! - points[k - 1]!;
      total++;
      if (gap <= limit + 60_000) within++;
      worstRatio = Math.max(worstRatio, gap / (intervalHours(planOf(i)) * HOUR));
    }
  }
  const hourly = [...source.callsPerHour.values()];
  await runtime.close();
  rmSync(mediaDir, { recursive: true, force: true });
  return {
    seededMs,
    simulatedMs,
    ticks,
    meanTickMs: tickMsTotal / ticks,
    maxTickMs,
    refreshes: [...source.refreshedAt.values()].reduce((n, t) => n + t.length, 0),
    withinShare: within / total,
    worstRatio,
    callsPerHourMax: Math.max(...hourly),
    callsPerHourMean: hourly.reduce((a, b) => a + b, 0) / hourly.length,
  };
}

/** A database with `n` accounts of which exactly `due` are due at `CLAIM_NOW`. */
const CLAIM_NOW = new Date(START.getTime() + 48 * HOUR);
async function claimDatabase(n: number, due: number) {
  const database = await freshDatabase();
  await seed(database.db, n, START, (i) =>
    i < due ? START : new Date(CLAIM_NOW.getTime() + (1 + (i % 360)) * 60_000),
  );
  const { InstagramAccountsRepository } = await import('../src/content/instagram-accounts.repository.js');
  const repo = new InstagramAccountsRepository(database.db);
  // The exact statement the tick runs.
  const statement = repo.claimDueQuery({ now: CLAIM_NOW, leaseMs: -1, limit: 200, workerId: 'w' });
  const explain = (await database.db.execute(sql`explain `.append(statement.getSQL()))) as unknown as {
    rows: Record<string, string>[];
  };
  return {
    database,
    plan: explain.rows.map((r) => Object.values(r)[0]).join('\n'),
    // A lease already in the past keeps the same rows claimable: every call does the same work.
    claim: () => repo.claimDue({ now: CLAIM_NOW, leaseMs: -1, limit: 200, workerId: 'w' }),
  };
}

/** Mean claim time per database, measured in alternating rounds so drift hits both alike; medians kept. */
async function claimCosts(sizes: number[], due: number) {
  const dbs = [];
  for (const n of sizes) dbs.push(await claimDatabase(n, due));
  const rounds: number[][] = sizes.map(() => []);
  for (let round = 0; round < 7; round++) {
    for (const [i, db] of dbs.entries()) {
      for (let w = 0; w < 5; w++) await db.claim();
      const t = performance.now();
      for (let k = 0; k < 40; k++) await db.claim();
      rounds[i]!.push((performance.now() - t) / 40);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const result = dbs.map((db, i) => ({ plan: db.plan, perClaimMs: median(rounds[i]!), claimed: 0 }));
  for (const db of dbs) await db.database.close();
  return result;
}

const day = await simulateDay();
const [small, large] = (await claimCosts([1_000, 10_000], 50)) as [
  { plan: string; perClaimMs: number; claimed: number },
  { plan: string; perClaimMs: number; claimed: number },
];
const usesIndex =
  /Index Scan (using|on) instagram_accounts_next_refresh_at_idx/.test(large.plan) &&
  !/Seq Scan/.test(large.plan);
const flatRatio = large.perClaimMs / small.perClaimMs;

const rows: [string, string, string][] = [
  ['database', process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite', ''],
  ['accounts / simulated hours', `${ACCOUNTS} / ${HOURS}`, ''],
  ['refreshes in the day', String(day.refreshes), ''],
  ['refreshed within interval + 10 %', `${(day.withinShare * 100).toFixed(2)} %`, 'goal 100 %'],
  ['worst gap / plan interval', day.worstRatio.toFixed(3), 'goal ≤ 1.1'],
  [
    'calls per credential per hour (max / mean)',
    `${day.callsPerHourMax} / ${day.callsPerHourMean.toFixed(0)}`,
    `budget ${CALLS_PER_HOUR}`,
  ],
  ['tick wall time (mean / max)', `${day.meanTickMs.toFixed(1)} ms / ${day.maxTickMs.toFixed(0)} ms`, ''],
  ['claim query uses next_refresh_at index', usesIndex ? 'yes' : 'NO', 'goal yes, no Seq Scan'],
  ['claim of 50 due, 1,000 accounts', `${small.perClaimMs.toFixed(3)} ms`, 'baseline'],
  [
    'claim of 50 due, 10,000 accounts',
    `${large.perClaimMs.toFixed(3)} ms`,
    `ratio ${flatRatio.toFixed(2)} (goal flat, < 2)`,
  ],
  [
    'seed / simulate wall time',
    `${(day.seededMs / 1000).toFixed(1)} s / ${(day.simulatedMs / 1000).toFixed(1)} s`,
    '',
  ],
];
const width = Math.max(...rows.map((r) => r[0].length));
console.log('\nRefresh engine benchmark\n');
for (const [k, v, goal] of rows) console.log(`  ${k.padEnd(width)}  ${v.padEnd(24)}  ${goal}`);
console.log(
  `\n  claim plan at 10,000 accounts:\n${large.plan
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\n`,
);

reportRow({
  measure: `refresh: accounts refreshed within interval + 10 % (${ACCOUNTS}, ${HOURS} h)`,
  result: `${(day.withinShare * 100).toFixed(2)} %`,
  goal: '100 %',
  baseline: '',
  met: day.withinShare >= 1 && day.callsPerHourMax <= CALLS_PER_HOUR,
});
reportRow({
  measure: 'refresh: claim of 50 due, 10,000 vs 1,000 accounts',
  result: `${large.perClaimMs.toFixed(3)} ms (× ${flatRatio.toFixed(2)})`,
  goal: '× < 2, index scan',
  baseline: `${small.perClaimMs.toFixed(3)} ms`,
  met: flatRatio < 2 && usesIndex,
});

const failures = [
  day.withinShare < 1 && 'not every refresh came within interval + 10 %',
  day.callsPerHourMax > CALLS_PER_HOUR && 'the call budget was exceeded',
  !usesIndex && 'the claim query does not use the index',
  flatRatio >= 2 && 'the claim cost grows with the number of accounts',
].filter(Boolean);
if (failures.length > 0) {
  console.error(`FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('All refresh goals met.');
