/**
 * `npm run bench:soak`: the service as deployed, under a steady load, with and without refreshes.
 *
 * 1,000 merchants (BENCH_MERCHANTS) on a fresh PostgreSQL database (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and Redis (BENCH_REDIS_URL, else
 * TEST_REDIS_URL, else redis://127.0.0.1:6379), their content refreshed once from the demo source (no
 * network). Two API processes share them and one media directory. Each API process gets BENCH_RATE (200)
 * requests a second, 70 % widget init for a random merchant and 30 % one of their media files, for
 * BENCH_SECONDS (60) after BENCH_WARMUP_SECONDS (10) of the same load: once with no cron process, once
 * with a cron process refreshing every account over and over (all marked due every 20 s).
 * Prints p50/p99 latency, errors, refreshes done and each process's memory after warm-up and at the end.
 * Goals: no errors; memory flat (heap growth under max(24 MB, 25 %) per process). The p99 with refreshes
 * is compared with the p99 without (printed, not a goal: both share this machine's two cores).
 * Exits non-zero when a goal is missed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { pino } from 'pino';
import { loadApiEnv } from '../src/config/env.js';
import { createRuntime } from '../src/runtime.js';
import { createRepositories, createServices } from '../src/services.js';
import { freePort, startProcess, type StartedProcess } from '../src/testing/processes.js';
import { mapLimit } from '../src/lib/map-limit.js';
import { seeded } from './support.js';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A few demo accounts: each one's media are made once, then shared by content address. */
const USERNAMES = ['coffee.house', 'riyadh.bakery', 'jeddah.flowers'];
const MB = 1024 * 1024;

const dbName = `lamha_soak_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'lamha-soak-'));
const sharedEnv = {
  NODE_ENV: 'test',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  CACHE_KEY_PREFIX: `soak-${randomBytes(3).toString('hex')}:`,
  DATA_DIR: dataDir,
  MEDIA_DIR: path.join(dataDir, 'media'),
  AUTH_SECRET: randomBytes(32).toString('base64'),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'warn',
};

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** 1,000 merchants with their content refreshed once, in this process; answers their widget keys. */
async function seedMerchants(): Promise<{ keys: string[]; markAllDue: () => Promise<number> }> {
  const env = loadApiEnv({
    ...sharedEnv,
    LOG_LEVEL: 'silent',
    REFRESH_BATCH_SIZE: '100',
    REFRESH_CONCURRENCY: '8',
  });
  const runtime = await createRuntime(env, pino({ level: 'silent' }));
  const services = createServices(runtime, { random: seeded(19) });
  const repos = createRepositories(runtime.database.db);
  const keys: string[] = [];
  const userIds: string[] = [];
  const templates: string[] = [];
  const now = runtime.clock.now();
  for (let m = 0; m < MERCHANTS; m++) {
    const { user } = await repos.users.findOrCreate({
      email: `soak${m}@shop.sa`,
      trialEndsAt: new Date(now.getTime() + 14 * 86_400_000),
    });
    const account = await repos.accounts.connect({
      userId: user.id,
      username: USERNAMES[m % USERNAMES.length] as string,
      externalId: String(1000 + m),
      now,
    });
    keys.push(account.publicWidgetKey);
    userIds.push(user.id);
    if (m < USERNAMES.length) templates.push(account.id);
  }
  // One real refresh per demo account (its media are made and stored once); every other merchant gets a
  // copy of that content and its own snapshot. Real refreshes of all of them would mostly redo the demo's
  // picture rendering (seconds each on a busy machine), which is not what the soak measures; the run
  // with refreshes then refreshes them all for real.
  const started = performance.now();
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    await sql.query(
      `update instagram_accounts set next_refresh_at = now() + interval '6 hours' where id <> all($1::uuid[])`,
      [templates],
    );
    for (;;) {
      const outcomes = await services.refresh.refreshDueAccounts();
      if (outcomes.length === 0) break;
      const failed = outcomes.find((o) => !o.ok);
      if (failed && !failed.ok) throw new Error(`seeding refresh failed: ${failed.error}`);
    }
    await sql.query(
      `insert into instagram_content (account_id, profile, posts, highlights, source, fetched_at)
       select a.id, c.profile, c.posts, c.highlights, c.source, c.fetched_at
       from instagram_accounts a
       join instagram_accounts t on t.instagram_username = a.instagram_username and t.id = any($1::uuid[])
       join instagram_content c on c.account_id = t.id
       where a.id <> all($1::uuid[])
       on conflict (account_id) do nothing`,
      [templates],
    );
    await sql.query(`update instagram_accounts set last_refresh = now() where last_refresh is null`);
  } finally {
    await sql.end();
  }
  await mapLimit(userIds, 8, (userId) => services.snapshots.rebuild(userId));
  console.log(
    `  seeded ${MERCHANTS} merchants (${USERNAMES.length} refreshed, the rest copied) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await services.eventCounter.stop();
  await runtime.close();
  return {
    keys,
    // Its own short-lived connection: the seeding runtime is closed.
    markAllDue: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const res = await client.query('update instagram_accounts set next_refresh_at = now()');
        return res.rowCount ?? 0;
      } finally {
        await client.end();
      }
    },
  };
}

/** One sample of a process's metrics. */
async function scrape(url: string): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  if (!res.ok) throw new Error(`${url}/metrics answered ${res.status}`);
  return res.text();
}
function metric(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
async function memoryOf(url: string) {
  const text = await scrape(url);
  return {
    rss: metric(text, 'lamha_process_resident_memory_bytes'),
    heap: metric(text, 'lamha_nodejs_heap_size_used_bytes'),
  };
}

interface LoadResult {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Fixed-rate load on one API process: widget init for random merchants and their media files. */
function load(
  url: string,
  keys: string[],
  media: string[],
  seconds: number,
  seed: number,
): Promise<LoadResult> {
  const random = seeded(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)] as T;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 20,
        overallRate: RATE,
        duration: seconds,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              path: random() < 0.7 ? `/api/widget/init?key=${pick(keys)}` : pick(media),
              headers: { ...req.headers, 'accept-encoding': 'br, gzip' },
            }),
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          requests: result.requests.total,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
  });
}

/** Media paths the merchants' widgets show (read from their snapshots through the API). */
async function mediaPaths(url: string, keys: string[]): Promise<string[]> {
  const found = new Set<string>();
  for (const key of keys.slice(0, USERNAMES.length * 2)) {
    const body = await (await fetch(`${url}/api/widget/init?key=${key}`)).text();
    for (const m of body.matchAll(/"(\/media\/[^"?#]+)"/g)) if (m[1]) found.add(m[1]);
  }
  if (found.size === 0) throw new Error('no media in the snapshots');
  return [...found];
}

interface RunReport {
  name: string;
  results: LoadResult[];
  memory: { name: string; before: { rss: number; heap: number }; after: { rss: number; heap: number } }[];
  refreshes: number;
}

async function run(
  name: string,
  apis: StartedProcess[],
  keys: string[],
  media: string[],
  extra: { watch?: { name: string; url: string }[]; during?: () => Promise<number> } = {},
): Promise<RunReport> {
  const urls = apis.map((a) => a.url as string);
  await Promise.all(urls.map((u, i) => load(u, keys, media, WARMUP, 100 + i)));
  const watched = [...urls.map((u, i) => ({ name: `api-${i + 1}`, url: u })), ...(extra.watch ?? [])];
  const before = await Promise.all(watched.map((w) => memoryOf(w.url)));
  const refreshesBefore = await (extra.during ? extra.during() : Promise.resolve(0));
  const results = await Promise.all(urls.map((u, i) => load(u, keys, media, SECONDS, 200 + i)));
  const after = await Promise.all(watched.map((w) => memoryOf(w.url)));
  const refreshesAfter = await (extra.during ? extra.during() : Promise.resolve(0));
  return {
    name,
    results,
    memory: watched.map((w, i) => ({ name: w.name, before: before[i]!, after: after[i]! })),
    refreshes: refreshesAfter - refreshesBefore,
  };
}

const processes: StartedProcess[] = [];
let exitCode = 0;
try {
  await adminQuery(`create database "${dbName}"`);
  console.log(`\nSoak benchmark: ${MERCHANTS} merchants, 2 API processes, PostgreSQL + Redis\n`);
  const { keys, markAllDue } = await seedMerchants();
  // Due again only when the soak says so: the seeding refresh set next refreshes hours away.
  const apis = await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort();
      const api = await startProcess('api', {
        ...sharedEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        // Its ready line ("API listening on …") is an info line.
        LOG_LEVEL: 'info',
      });
      processes.push(api);
      return api;
    }),
  );
  const media = await mediaPaths(apis[0]!.url!, keys);

  const quiet = await run('without refreshes', apis, keys, media);

  const cronMetricsPort = await freePort();
  const cron = await startProcess('cron', {
    ...sharedEnv,
    HOST: '127.0.0.1',
    CRON_SCHEDULE: '*/5 * * * * *',
    METRICS_PORT: String(cronMetricsPort),
    LOG_LEVEL: 'info',
  });
  processes.push(cron);
  const cronUrl = `http://127.0.0.1:${cronMetricsPort}`;
  await markAllDue();
  // Everyone due again every 20 s: the cron process refreshes for the whole run.
  const again = setInterval(() => void markAllDue().catch(() => undefined), 20_000);
  const busy = await run('with refreshes', apis, keys, media, {
    watch: [{ name: 'cron', url: cronUrl }],
    during: async () => metric(await scrape(cronUrl), 'lamha_refresh_outcomes_total', '{outcome="ok"}'),
  });
  clearInterval(again);

  const rows = [quiet, busy];
  console.log(
    `\n  ${RATE} req/s per API process (70 % widget init, 30 % media), ${SECONDS} s after ${WARMUP} s warm-up\n`,
  );
  console.log(
    `  ${'run'.padEnd(20)} ${'process'.padEnd(8)} ${'requests'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)}`,
  );
  for (const r of rows) {
    r.results.forEach((x, i) =>
      console.log(
        `  ${r.name.padEnd(20)} ${`api-${i + 1}`.padEnd(8)} ${String(x.requests).padStart(9)} ${String(x.p50).padStart(7)} ${String(x.p99).padStart(7)} ${String(x.errors).padStart(7)}`,
      ),
    );
  }
  console.log(`\n  refreshes done during the run with refreshes: ${busy.refreshes}`);
  console.log(
    `\n  ${'memory'.padEnd(20)} ${'process'.padEnd(8)} ${'RSS MB'.padStart(15)} ${'heap MB'.padStart(15)}`,
  );
  const failures: string[] = [];
  for (const r of rows) {
    for (const m of r.memory) {
      const heapGrowth = m.after.heap - m.before.heap;
      const flat = heapGrowth < Math.max(24 * MB, 0.25 * m.before.heap);
      if (!flat) failures.push(`${m.name} heap grew ${(heapGrowth / MB).toFixed(1)} MB (${r.name})`);
      console.log(
        `  ${r.name.padEnd(20)} ${m.name.padEnd(8)} ${`${(m.before.rss / MB).toFixed(0)} → ${(m.after.rss / MB).toFixed(0)}`.padStart(15)} ${`${(m.before.heap / MB).toFixed(1)} → ${(m.after.heap / MB).toFixed(1)}`.padStart(15)}${flat ? '' : '  NOT FLAT'}`,
      );
    }
  }
  const p99 = (r: RunReport) => Math.max(...r.results.map((x) => x.p99));
  console.log(
    `\n  p99 with refreshes ${p99(busy)} ms, without ${p99(quiet)} ms (× ${(p99(busy) / Math.max(1, p99(quiet))).toFixed(2)})`,
  );
  const errors = rows.flatMap((r) => r.results).reduce((n, x) => n + x.errors, 0);
  if (errors > 0) failures.push(`${errors} errors`);
  if (busy.refreshes === 0) failures.push('no refresh ran during the run with refreshes');
  // The processes stop as a deploy stops them: SIGTERM, and a clean exit.
  for (const p of processes.splice(0)) {
    const code = await p.stop();
    if (code !== 0) failures.push(`${p.kind} exited with ${code} on SIGTERM`);
  }
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.join('; ')}`);
    exitCode = 1;
  } else console.log('\nAll soak goals met.');
} finally {
  await Promise.all(processes.map((p) => p.stop(5_000)));
  await adminQuery(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
