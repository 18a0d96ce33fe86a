/**
 * `npm run test:cluster`: the multi-process proof (issue 19). Two API processes and two cron processes,
 * started as production starts them (the built bundles when present), share one PostgreSQL database
 * (a fresh one on TEST_DATABASE_URL's server, dropped at the end), one Redis (TEST_REDIS_URL, under a
 * key prefix of this run's own), one S3-compatible bucket (s3rver) and nothing else: each process has a
 * data directory of its own. Instagram is a fake Graph API on 127.0.0.1 whose media are `demo://`
 * pictures (made on the spot, no network); e-mail goes to a fake SMTP inbox.
 *
 * Checks, printed as a table; exits 1 when any fails, 2 when PostgreSQL or Redis does not answer:
 *  a. every due account is refreshed exactly once per interval across both cron processes (all
 *     accounts due at connection, then all due again: the next interval);
 *  b. a settings save through API 1 is answered by API 2 within the widget's in-process cache TTL;
 *  c. media a cron process wrote are served by both API processes from the bucket;
 *  d. the sign-in rate limit is shared: the 31st request from one address is refused by either API;
 *  e. SIGTERM to the cron process whose refresh is in flight (a slow Graph answer) loses no work: that
 *     refresh ends, its lease is released, claims not started go to the other process, exit code 0;
 *  and the remaining processes exit 0 on SIGTERM.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import {
  ZMagicLinkResponse,
  ZMerchant,
  ZSession,
  ZSettingsSaved,
  ZWidgetInit,
  type TWidgetInit,
} from '@app/shared';
import { MAGIC_LINK_LIMITS } from '../src/auth/auth.service.js';
import { RedisCache } from '../src/cache/redis.cache.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createRepositories } from '../src/services.js';
import { FAKE_IG_USER_ID, startFakeGraph, type FakeGraph } from '../src/testing/fake-graph.js';
import type { FakeGraphAccount } from '../src/testing/fake-graph-fields.js';
import { freePort, startProcess, type StartedProcess } from '../src/testing/processes.js';
import { startTestS3Server, type TestS3Server } from '../src/testing/s3-server.js';
import { startSmtpInbox } from '../src/testing/smtp-inbox.js';
import { MEMORY_TTL_MS } from '../src/widget/widget-lookup.js';
import { adminUrl, json, redisUrl, requireServers } from './servers.js';

const started = performance.now();
/** Accounts refreshed in check a (e reuses the first few). */
const ACCOUNTS = 24;
/** How long the fake Graph holds the answer for the account check e signals in the middle of. */
const SLOW_GRAPH_MS = 4_000;
const GRAPH_TOKEN = 'cluster-graph-token';

const runId = randomBytes(4).toString('hex');
const dbName = `lamha_cluster_${runId}`;
const databaseUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const silent = pino({ level: 'silent' });
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it answers something other than undefined, or fails after `timeoutMs`. */
async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline)
      throw new Error(`timed out after ${seconds(timeoutMs)} waiting for ${what}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------------
// Is there a PostgreSQL and a Redis to run on?

await requireServers('test:cluster', 'lamha-cluster-probe:');

// ---------------------------------------------------------------------------------------------------
// The world: fakes, a fresh database, four processes.

const usernames = Array.from({ length: ACCOUNTS }, (_, i) => `cluster_shop_${String(i).padStart(2, '0')}`);

/** Three small pictures and a profile picture per account, as demo:// URLs the media fetcher makes locally. */
function graphAccount(username: string, i: number): FakeGraphAccount {
  const picture = (id: string) => `demo://image/${username}/${id}?w=320&h=320`;
  return {
    id: String(17841400000100000 + i),
    username,
    accountType: 'business',
    name: `Cluster shop ${i}`,
    profile_picture_url: `demo://image/${username}/avatar?w=150&h=150`,
    followers_count: 100 + i,
    follows_count: 10,
    media_count: 3,
    media: [0, 1, 2].map((n) => ({
      id: `${1790000 + i * 10 + n}`,
      caption: `Post ${n} of ${username}`,
      media_type: 'IMAGE' as const,
      media_product_type: 'FEED',
      media_url: picture(`p${n}`),
      permalink: `https://www.instagram.com/p/C${i}x${n}/`,
      timestamp: `2026-11-2${n}T10:00:00+0000`,
      like_count: 10 * n,
      comments_count: n,
    })),
  };
}

interface World {
  graph: FakeGraph;
  s3: TestS3Server;
  inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  apis: StartedProcess[];
  crons: { process: StartedProcess; metricsUrl: string }[];
  db: DatabaseHandle;
  sql: pg.Pool;
  startMs: number;
}

const dataDirs: string[] = [];
const everyProcess: StartedProcess[] = [];
const closers: (() => Promise<unknown>)[] = [];

async function openWorld(): Promise<World> {
  const [graph, s3, inbox] = await Promise.all([
    startFakeGraph({ accounts: usernames.map(graphAccount), accessToken: GRAPH_TOKEN }),
    startTestS3Server(),
    startSmtpInbox(),
    (async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${dbName}"`);
      await admin.end();
    })(),
  ]);
  closers.push(
    () => graph.close(),
    () => s3.close(),
    () => inbox.close(),
  );
  const shared: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    // Ready lines are info lines.
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '4',
    REDIS_URL: redisUrl,
    CACHE_KEY_PREFIX: `cluster-${runId}:`,
    AUTH_SECRET: randomBytes(32).toString('base64'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: inbox.url,
    IG_GRAPH_TOKEN: GRAPH_TOKEN,
    IG_GRAPH_USER_ID: FAKE_IG_USER_ID,
    IG_GRAPH_BASE_URL: graph.baseUrl,
    // The default 200 calls an hour would refuse refreshes part-way through check a.
    IG_CALLS_PER_HOUR: '100000',
    ...s3.env,
  };
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lamha-cluster-'));
    dataDirs.push(dir);
    return dir;
  };
  const startMs = performance.now();
  // All four at once: each waits its turn for the migrations (an advisory lock), none for the others' start.
  const apiPorts = await Promise.all([freePort(), freePort()]);
  const cronPorts = await Promise.all([freePort(), freePort()]);
  const launch = async (kind: 'api' | 'cron', env: Record<string, string>) => {
    const p = await startProcess(
      kind,
      { ...shared, DATA_DIR: dataDir(), ...env },
      { startTimeoutMs: 60_000 },
    );
    everyProcess.push(p);
    return p;
  };
  const [apis, crons] = await Promise.all([
    Promise.all(
      apiPorts.map((port) =>
        launch('api', {
          PORT: String(port),
          APP_URL: `http://127.0.0.1:${port}`,
          // The load balancer's X-Forwarded-For names the client (check d sends one).
          TRUST_PROXY: 'loopback',
        }),
      ),
    ),
    Promise.all(
      cronPorts.map(async (port) => ({
        process: await launch('cron', {
          // A tick every second; small batches one at a time, so both processes take part.
          CRON_SCHEDULE: '* * * * * *',
          REFRESH_BATCH_SIZE: '4',
          REFRESH_CONCURRENCY: '1',
          REFRESH_LEASE_SECONDS: '30',
          METRICS_PORT: String(port),
        }),
        metricsUrl: `http://127.0.0.1:${port}/metrics`,
      })),
    ),
  ]);
  const startMsTaken = performance.now() - startMs;
  const db = await openDatabase({ databaseUrl, dataDir: 'unused', poolMax: 2 });
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  closers.push(
    () => db.close(),
    () => sql.end(),
  );
  return { graph, s3, inbox, apis, crons, db, sql, startMs: startMsTaken };
}

// ---------------------------------------------------------------------------------------------------
// Helpers over the world.

interface AccountState {
  username: string;
  widgetKey: string;
  lastRefresh: Date | null;
  claimedBy: string | null;
  claimedUntil: Date | null;
  attempts: number;
  lastError: string | null;
}

async function accountStates(w: World): Promise<AccountState[]> {
  const { rows } = await w.sql.query<{
    instagram_username: string;
    public_widget_key: string;
    last_refresh: Date | null;
    claimed_by: string | null;
    claimed_until: Date | null;
    refresh_attempts: number;
    last_error: string | null;
  }>(
    `select instagram_username, public_widget_key, last_refresh, claimed_by, claimed_until, refresh_attempts,
            last_error
     from instagram_accounts order by instagram_username`,
  );
  return rows.map((r) => ({
    username: r.instagram_username,
    widgetKey: r.public_widget_key,
    lastRefresh: r.last_refresh,
    claimedBy: r.claimed_by,
    claimedUntil: r.claimed_until,
    attempts: r.refresh_attempts,
    lastError: r.last_error,
  }));
}

/** Waits until every named account has refreshed since `since` and holds no claim; throws on a failure. */
async function waitRefreshed(w: World, names: string[], since: Date, timeoutMs: number) {
  return waitFor(`${names.length} refreshes`, timeoutMs, async () => {
    const states = (await accountStates(w)).filter((s) => names.includes(s.username));
    const failed = states.find((s) => s.attempts > 0);
    if (failed) throw new Error(`${failed.username} failed to refresh: ${failed.lastError}`);
    const done = states.filter((s) => s.lastRefresh && s.lastRefresh >= since && s.claimedBy === null);
    return done.length === names.length ? states : undefined;
  });
}

/** Refreshes the fake Graph saw per username from request `from` on (a refresh's first page has no cursor). */
function refreshesSeen(w: World, from: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of w.graph.requests.slice(from)) {
    if (r.username && r.after === undefined && r.fault === undefined) {
      counts.set(r.username, (counts.get(r.username) ?? 0) + 1);
    }
  }
  return counts;
}

async function okRefreshesOf(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('lamha_refresh_outcomes_total{outcome="ok"} '));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

async function widgetInit(apiUrl: string, key: string): Promise<TWidgetInit> {
  const res = await fetch(`${apiUrl}/api/widget/init?key=${encodeURIComponent(key)}`);
  if (res.status !== 200) throw new Error(`widget init answered ${res.status}`);
  return ZWidgetInit.parse(await res.json());
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

// ---------------------------------------------------------------------------------------------------
// The checks. Each answers its numbers or throws why it failed.

async function checkRefreshOncePerInterval(w: World): Promise<string> {
  const graphFrom = w.graph.requests.length;
  const okBefore = await Promise.all(w.crons.map((c) => okRefreshesOf(c.metricsUrl)));
  // Interval 1: every account is due when it is connected.
  const connectedAt = new Date();
  const repos = createRepositories(w.db.db);
  for (const [i, username] of usernames.entries()) {
    const { user } = await repos.users.findOrCreate({
      email: `cluster${i}@shop.test`,
      trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
    });
    await repos.accounts.connect({
      userId: user.id,
      username,
      externalId: String(17841400000100000 + i),
      now: connectedAt,
    });
  }
  const firstStarted = performance.now();
  await waitRefreshed(w, usernames, connectedAt, 60_000);
  const firstMs = performance.now() - firstStarted;
  const firstRound = refreshesSeen(w, graphFrom);
  // Interval 2: the plan's interval has passed for everyone (next refreshes are hours away otherwise).
  const secondFrom = w.graph.requests.length;
  const dueAgainAt = new Date();
  await w.sql.query('update instagram_accounts set next_refresh_at = now()');
  const secondStarted = performance.now();
  await waitRefreshed(w, usernames, dueAgainAt, 60_000);
  const secondMs = performance.now() - secondStarted;
  // Let a tick that might refresh something twice have its chance before counting.
  await sleep(1_500);
  const secondRoundLater = refreshesSeen(w, secondFrom);
  const okAfter = await Promise.all(w.crons.map((c) => okRefreshesOf(c.metricsUrl)));
  const byCron = okAfter.map((n, i) => n - (okBefore[i] ?? 0));

  const perInterval = [firstRound, secondRoundLater].map((round) => usernames.map((u) => round.get(u) ?? 0));
  const wrong = perInterval.flatMap((counts, r) =>
    counts.flatMap((n, i) => (n === 1 ? [] : [`${usernames[i]} ${n}× in interval ${r + 1}`])),
  );
  const all = perInterval.flat();
  const total = byCron.reduce((a, b) => a + b, 0);
  const numbers =
    `${ACCOUNTS} accounts × 2 intervals: ${total} refreshes (cron-1 ${byCron[0]}, cron-2 ${byCron[1]}), ` +
    `${Math.min(...all)}–${Math.max(...all)} per account per interval; intervals done in ${seconds(firstMs)} and ${seconds(secondMs)}`;
  if (wrong.length > 0) throw new Error(`${wrong.slice(0, 4).join(', ')} — ${numbers}`);
  if (total !== 2 * ACCOUNTS) throw new Error(`cron metrics disagree — ${numbers}`);
  if (byCron.some((n) => n === 0)) throw new Error(`one cron process did no refresh — ${numbers}`);
  return numbers;
}

interface SignedIn {
  token: string;
  widgetKey: string;
}

/** Sign-in through API 1's e-mail link, exchanged at API 2: sessions and codes are shared too. */
async function signIn(w: World): Promise<SignedIn> {
  const [api1, api2] = w.apis.map((a) => a.url!) as [string, string];
  const email = 'cluster0@shop.test';
  ZMagicLinkResponse.parse(
    await json(await post(`${api1}/api/auth/magic-link/request`, { email }), 'magic link request'),
  );
  const mail = await Promise.race([
    w.inbox.waitFor(email),
    sleep(10_000).then(() => {
      throw new Error('no sign-in e-mail within 10 s');
    }),
  ]);
  const code = /\/auth\/callback\?code=([^"&\s<]+)/.exec(mail.decoded)?.[1];
  if (!code) throw new Error('no sign-in link in the e-mail');
  const session = ZSession.parse(
    await json(
      await post(`${api2}/api/auth/token`, { grant_type: 'magic_link', code: decodeURIComponent(code) }),
      'code exchange',
    ),
  );
  const merchant = ZMerchant.parse(
    await json(
      await fetch(`${api1}/api/merchant`, { headers: { authorization: `Bearer ${session.access_token}` } }),
      'GET /api/merchant',
    ),
  );
  if (!merchant.public_widget_key) throw new Error('the merchant has no widget key');
  return { token: session.access_token, widgetKey: merchant.public_widget_key };
}

async function checkSettingsAcrossApis(w: World, who: SignedIn): Promise<string> {
  const [api1, api2] = w.apis.map((a) => a.url!) as [string, string];
  const auth = { authorization: `Bearer ${who.token}` };
  const merchant = ZMerchant.parse(
    await json(await fetch(`${api1}/api/merchant`, { headers: auth }), 'merchant'),
  );
  const colour = merchant.display_settings.primary_color === '#12ab34' ? '#34ab12' : '#12ab34';
  // API 2 holds the snapshot in its own memory before the save: the worst case for staleness.
  await widgetInit(api2, who.widgetKey);
  const before = await widgetInit(api2, who.widgetKey);
  if (before.data.config.customization_options.colors.primary === colour)
    throw new Error('colour already set');
  const saveRes = await fetch(`${api1}/api/merchant/settings`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      version: merchant.settings_version,
      settings: { ...merchant.display_settings, primary_color: colour },
    }),
  });
  ZSettingsSaved.parse(await json(saveRes, 'settings save'));
  const savedAt = performance.now();
  let lastStaleStart = -1;
  let polls = 0;
  const freshStart = await waitFor('the new colour on API 2', MEMORY_TTL_MS + 5_000, async () => {
    const start = performance.now() - savedAt;
    polls++;
    const init = await widgetInit(api2, who.widgetKey);
    if (init.data.config.customization_options.colors.primary === colour) return start;
    lastStaleStart = start;
    return undefined;
  });
  const numbers =
    `API 2 answered the new colour ${Math.round(freshStart)} ms after API 1 saved it ` +
    `(${polls} polls; last old answer at ${Math.round(Math.max(0, lastStaleStart))} ms; TTL ${MEMORY_TTL_MS} ms)`;
  // A request that starts after the TTL can no longer be served the process's old copy.
  if (lastStaleStart > MEMORY_TTL_MS) throw new Error(`stale past the TTL — ${numbers}`);
  return numbers;
}

async function checkMediaAcrossProcesses(w: World, who: SignedIn): Promise<string> {
  const [api1, api2] = w.apis.map((a) => a.url!) as [string, string];
  const body = JSON.stringify(await widgetInit(api2, who.widgetKey));
  const paths = [...new Set([...body.matchAll(/"(\/media\/[^"?#]+)"/g)].map((m) => m[1]!))];
  if (paths.length === 0) throw new Error('the snapshot names no /media/ files');
  let bytes = 0;
  for (const p of paths) {
    const name = p.slice('/media/'.length);
    if (!w.s3.requests.some((r) => r.startsWith('PUT ') && r.includes(`/${name}`))) {
      throw new Error(`${name} never reached the bucket`);
    }
    const answers = await Promise.all(
      [api1, api2].map(async (api) => {
        const res = await fetch(`${api}${p}`);
        if (res.status !== 200) throw new Error(`${api}${p} answered ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    const [a, b] = answers.map((x) => createHash('sha256').update(x).digest('hex'));
    if (a !== b) throw new Error(`${p} differs between the two APIs`);
    bytes += answers[0]!.length;
  }
  return `${paths.length} files a cron process put in the bucket, each served identically by API 1 and API 2 (${Math.round(bytes / 1024)} KB)`;
}

async function checkSharedRateLimit(w: World): Promise<string> {
  const [api1, api2] = w.apis.map((a) => a.url!) as [string, string];
  const limit = MAGIC_LINK_LIMITS.perIpHour.limit;
  // One shopper's address, as the load balancer reports it.
  const from = { 'x-forwarded-for': '198.51.100.31' };
  const statuses: { api: number; status: number }[] = [];
  for (let i = 0; i < limit + 2; i++) {
    const api = i % 2;
    const res = await post(
      `${api === 0 ? api1 : api2}/api/auth/magic-link/request`,
      { email: `limit${i}@shop.test` },
      from,
    );
    await res.arrayBuffer();
    statuses.push({ api: api + 1, status: res.status });
  }
  const other = await post(
    `${api1}/api/auth/magic-link/request`,
    { email: 'other@shop.test' },
    {
      'x-forwarded-for': '198.51.100.32',
    },
  );
  await other.arrayBuffer();
  const accepted = statuses.slice(0, limit);
  const over = statuses.slice(limit);
  const numbers =
    `${accepted.filter((s) => s.status === 200).length}/${limit} accepted alternating API 1 and 2; ` +
    `request ${limit + 1} (API ${over[0]!.api}) ${over[0]!.status}, ${limit + 2} (API ${over[1]!.api}) ${over[1]!.status}; ` +
    `another address ${other.status}`;
  if (accepted.some((s) => s.status !== 200) || over.some((s) => s.status !== 429) || other.status !== 200) {
    throw new Error(numbers);
  }
  return numbers;
}

async function checkSigtermMidRefresh(w: World): Promise<string> {
  const slow = usernames[0]!;
  const others = usernames.slice(1, 5);
  const names = [slow, ...others];
  w.graph.setBehaviour({ delayMsByUsername: { [slow]: SLOW_GRAPH_MS } });
  const graphFrom = w.graph.requests.length;
  const dueAt = new Date();
  // The slow one first in line, the others right behind it.
  await w.sql.query(
    `update instagram_accounts
     set next_refresh_at = case when instagram_username = $1 then now() - interval '1 minute' else now() end
     where instagram_username = any($2)`,
    [slow, names],
  );
  await waitFor(`a Graph call for ${slow}`, 15_000, async () =>
    w.graph.requests.slice(graphFrom).some((r) => r.username === slow) ? true : undefined,
  );
  const inFlightAt = performance.now();
  const { rows } = await w.sql.query<{ claimed_by: string | null }>(
    'select claimed_by from instagram_accounts where instagram_username = $1',
    [slow],
  );
  const pid = Number(rows[0]?.claimed_by?.split(':').at(-2));
  const victim = w.crons.find((c) => c.process.child.pid === pid);
  if (!victim) throw new Error(`no cron process holds ${slow} (claimed by ${rows[0]?.claimed_by})`);
  const victimName = `cron-${w.crons.indexOf(victim) + 1}`;
  victim.process.child.kill('SIGTERM');
  const signalledAt = performance.now();
  const code = await Promise.race([victim.process.exited, sleep(40_000).then(() => 'hung' as const)]);
  const exitMs = performance.now() - signalledAt;
  const states = await waitRefreshed(w, names, dueAt, 30_000);
  const slowState = states.find((s) => s.username === slow)!;
  const seen = refreshesSeen(w, graphFrom);
  w.graph.setBehaviour({ delayMsByUsername: {} });
  const released = Number(/"released":(\d+)/.exec(victim.process.output())?.[1] ?? 0);
  const numbers =
    `SIGTERM to ${victimName} ${Math.round(signalledAt - inFlightAt)} ms after the fake Graph got its call (answer held ${SLOW_GRAPH_MS} ms): ` +
    `exit ${code} after ${seconds(exitMs)}, the refresh ended and its lease was released, ` +
    `${released} claim(s) not started handed back; ${names.length} accounts refreshed ` +
    `${names.map((n) => seen.get(n) ?? 0).join('/')} time(s)`;
  if (code !== 0) throw new Error(numbers);
  if (slowState.claimedBy !== null || slowState.claimedUntil !== null || slowState.attempts !== 0) {
    throw new Error(`the slow account's lease or error remained — ${numbers}`);
  }
  if (names.some((n) => seen.get(n) !== 1)) throw new Error(`refreshed more or less than once — ${numbers}`);
  return numbers;
}

// ---------------------------------------------------------------------------------------------------

interface Row {
  check: string;
  ok: boolean;
  numbers: string;
}
const rows: Row[] = [];
async function run(check: string, body: () => Promise<string>) {
  try {
    rows.push({ check, ok: true, numbers: await body() });
  } catch (error) {
    rows.push({ check, ok: false, numbers: (error as Error).message });
  }
}

let world: World | undefined;
let exitCode = 0;
try {
  console.log(`\nCluster test: 2 API + 2 cron processes on PostgreSQL, Redis and an S3-compatible bucket\n`);
  world = await openWorld();
  const w = world;
  console.log(`  processes started in ${seconds(w.startMs)}`);
  await run('a. each due account refreshed once per interval', () => checkRefreshOncePerInterval(w));
  let who: SignedIn | undefined;
  await run('b. settings saved on API 1, seen on API 2', async () => {
    who = await signIn(w);
    return checkSettingsAcrossApis(w, who);
  });
  await run('c. media written by cron, served by both APIs', async () => {
    if (!who) throw new Error('no merchant signed in (check b failed)');
    return checkMediaAcrossProcesses(w, who);
  });
  await run('d. sign-in rate limit shared', () => checkSharedRateLimit(w));
  await run('e. SIGTERM to a cron process mid-refresh', () => checkSigtermMidRefresh(w));
  await run('f. the rest stop cleanly on SIGTERM', async () => {
    const running = everyProcess.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    const codes = await Promise.all(running.map((p) => p.stop(30_000)));
    const numbers = `${running.map((p, i) => `${p.kind} exit ${codes[i]}`).join(', ')}`;
    if (codes.some((c) => c !== 0)) throw new Error(numbers);
    return numbers;
  });
} catch (error) {
  rows.push({ check: 'setup', ok: false, numbers: (error as Error).message });
} finally {
  await Promise.all(everyProcess.map((p) => p.stop(5_000)));
  for (const close of closers.reverse()) await close().catch(() => undefined);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
  await admin.end();
  const cache = new RedisCache({ url: redisUrl, keyPrefix: `cluster-${runId}:`, logger: silent });
  await waitFor('Redis', 2_000, async () => ((await cache.ping()) ? true : undefined)).catch(() => undefined);
  await cache.clearPrefix().catch(() => undefined);
  await cache.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

const width = Math.max(...rows.map((r) => r.check.length));
console.log(`\n  ${'check'.padEnd(width)}  result  numbers`);
for (const r of rows)
  console.log(`  ${r.check.padEnd(width)}  ${(r.ok ? 'ok' : 'FAILED').padEnd(6)}  ${r.numbers}`);
console.log(`\n  wall time ${seconds(performance.now() - started)}`);
if (rows.some((r) => !r.ok)) {
  exitCode = 1;
  for (const p of everyProcess) {
    console.error(
      `\n--- ${p.kind} (pid ${p.child.pid}), last lines ---\n${p.output().split('\n').slice(-15).join('\n')}`,
    );
  }
}
process.exit(exitCode);
