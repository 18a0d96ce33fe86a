/**
 * `npm run test:faults`: the outage proof (issue 36). One API and one cron process, started as production
 * starts them (the built bundles when present), reach PostgreSQL (TEST_DATABASE_URL's server, a fresh
 * database dropped at the end) and Redis (TEST_REDIS_URL, under a key prefix of this run's own) only
 * through TCP proxies on 127.0.0.1 (api/src/testing/tcp-proxy.ts). Under a steady load of widget, media and
 * dashboard requests the run cuts PostgreSQL, then Redis, then both, each for FAULT_CUT_SECONDS (30 unless
 * told), and prints a table per cut:
 *  - widget: /api/widget/init answers 200 with a valid snapshot for every key seen before the cut (goal 100 %);
 *  - media: /media/… files of those snapshots answer 200 (goal 100 %);
 *  - dashboard: GET /api/merchant and a settings save answer 200 or 503, never 500 (and 503 while
 *    PostgreSQL is cut);
 *  - recovery: from the link's return until /readyz and GET /api/merchant both answer 200 (goal ≤ 5 s);
 *  - saved: a settings save acknowledged before the cut is there after it;
 *  - cron: the cron process logs each outage of PostgreSQL once when it starts and once when it ends.
 * Exits 1 when a goal fails, 2 when PostgreSQL or Redis does not answer.
 */
import { randomBytes } from 'node:crypto';
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
  type TSettingsSaved,
} from '@app/shared';
import { RedisCache } from '../src/cache/redis.cache.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { createRepositories } from '../src/services.js';
import { FAKE_IG_USER_ID, startFakeGraph } from '../src/testing/fake-graph.js';
import type { FakeGraphAccount } from '../src/testing/fake-graph-fields.js';
import { freePort, startProcess, type StartedProcess } from '../src/testing/processes.js';
import { startSmtpInbox } from '../src/testing/smtp-inbox.js';
import { startTcpProxy, type TcpProxy } from '../src/testing/tcp-proxy.js';
import { adminUrl, json, redisUrl, requireServers } from './servers.js';

const started = performance.now();
const CUT_SECONDS = Number(process.env.FAULT_CUT_SECONDS ?? 30);
if (!Number.isFinite(CUT_SECONDS) || CUT_SECONDS <= 0 || CUT_SECONDS > 600) {
  console.error(
    `FAULT_CUT_SECONDS must be a number of seconds from 1 to 600, not ${process.env.FAULT_CUT_SECONDS}`,
  );
  process.exit(2);
}
/** Widgets on store pages (each a merchant with an account); the first one's merchant uses the dashboard. */
const WIDGETS = 4;
const RECOVERY_GOAL_MS = 5_000;
const GRAPH_TOKEN = 'faults-graph-token';
/** How often each kind of request is sent. */
const EVERY_MS = { widget: 25, media: 200, dashboard: 250 } as const;

const runId = randomBytes(4).toString('hex');
const dbName = `lamha_faults_${runId}`;
const withDatabase = (url: string, name: string, port?: number) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  if (port !== undefined) {
    u.hostname = '127.0.0.1';
    u.port = String(port);
  }
  return u.toString();
};
const silent = pino({ level: 'silent' });
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

await requireServers('test:faults', 'lamha-faults-probe:');

const usernames = Array.from({ length: WIDGETS }, (_, i) => `faults_shop_${i}`);

/** Three small pictures per account, as demo:// URLs the media fetcher makes locally (no network). */
function graphAccount(username: string, i: number): FakeGraphAccount {
  const picture = (id: string) => `demo://image/${username}/${id}?w=320&h=320`;
  return {
    id: String(17841400000200000 + i),
    username,
    accountType: 'business',
    name: `Faults shop ${i}`,
    profile_picture_url: `demo://image/${username}/avatar?w=150&h=150`,
    followers_count: 100 + i,
    follows_count: 10,
    media_count: 3,
    media: [0, 1, 2].map((n) => ({
      id: `${1795000 + i * 10 + n}`,
      caption: `Post ${n} of ${username}`,
      media_type: 'IMAGE' as const,
      media_product_type: 'FEED',
      media_url: picture(`p${n}`),
      permalink: `https://www.instagram.com/p/F${i}x${n}/`,
      timestamp: `2026-11-2${n}T10:00:00+0000`,
      like_count: 10 * n,
      comments_count: n,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// The world.

const closers: (() => Promise<unknown>)[] = [];
const processes: StartedProcess[] = [];
const dirs: string[] = [];

interface World {
  api: string;
  apiProcess: StartedProcess;
  cron: StartedProcess;
  pgProxy: TcpProxy;
  redisProxy: TcpProxy;
  db: DatabaseHandle;
  inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
}

async function openWorld(): Promise<World> {
  const [graph, inbox] = await Promise.all([
    startFakeGraph({ accounts: usernames.map(graphAccount), accessToken: GRAPH_TOKEN }),
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
    () => inbox.close(),
  );
  const pgTarget = new URL(adminUrl);
  const redisTarget = new URL(redisUrl);
  const pgProxy = await startTcpProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
  const redisProxy = await startTcpProxy({
    host: redisTarget.hostname,
    port: Number(redisTarget.port || 6379),
  });
  closers.push(
    () => pgProxy.close(),
    () => redisProxy.close(),
  );
  const proxiedRedis = new URL(redisUrl);
  proxiedRedis.hostname = '127.0.0.1';
  proxiedRedis.port = String(redisProxy.port);
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'lamha-faults-media-'));
  dirs.push(mediaDir);
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lamha-faults-'));
    dirs.push(dir);
    return dir;
  };
  const shared: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATABASE_URL: withDatabase(adminUrl, dbName, pgProxy.port),
    DATABASE_POOL_MAX: '4',
    REDIS_URL: proxiedRedis.toString(),
    CACHE_KEY_PREFIX: `faults-${runId}:`,
    AUTH_SECRET: randomBytes(32).toString('base64'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: inbox.url,
    IG_GRAPH_TOKEN: GRAPH_TOKEN,
    IG_GRAPH_USER_ID: FAKE_IG_USER_ID,
    IG_GRAPH_BASE_URL: graph.baseUrl,
    IG_CALLS_PER_HOUR: '100000',
    // One media directory for both processes: the cron writes what the API serves.
    MEDIA_DIR: mediaDir,
  };
  const port = await freePort();
  const [apiProcess, cron] = await Promise.all([
    startProcess(
      'api',
      { ...shared, DATA_DIR: dataDir(), PORT: String(port), APP_URL: `http://127.0.0.1:${port}` },
      { startTimeoutMs: 60_000 },
    ),
    startProcess(
      'cron',
      { ...shared, DATA_DIR: dataDir(), CRON_SCHEDULE: '* * * * * *' },
      { startTimeoutMs: 60_000 },
    ),
  ]);
  processes.push(apiProcess, cron);
  // The test's own view of the database goes around the proxies.
  const db = await openDatabase({
    databaseUrl: withDatabase(adminUrl, dbName),
    dataDir: 'unused',
    poolMax: 2,
  });
  closers.push(() => db.close());
  return { api: apiProcess.url!, apiProcess, cron, pgProxy, redisProxy, db, inbox };
}

// ---------------------------------------------------------------------------------------------------
// Requests.

const timeout = () => AbortSignal.timeout(10_000);
const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: timeout(),
  });

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (performance.now() > deadline)
      throw new Error(`timed out after ${seconds(timeoutMs)} waiting for ${what}`);
    await sleep(100);
  }
}

/** A widget answer: 'ok' when 200 with a snapshot of the widget asked for, else what went wrong. */
async function widgetAnswer(api: string, key: string): Promise<string> {
  try {
    const res = await fetch(`${api}/api/widget/init?key=${encodeURIComponent(key)}`, { signal: timeout() });
    if (res.status !== 200) return `${res.status} ${(await res.text()).slice(0, 80)}`;
    const parsed = ZWidgetInit.safeParse(await res.json());
    return parsed.success && parsed.data.data.config.public_widget_key === key ? 'ok' : 'not the snapshot';
  } catch (error) {
    return `no answer (${(error as Error).message})`;
  }
}

async function mediaOk(api: string, file: string): Promise<boolean> {
  try {
    const res = await fetch(`${api}${file}`, { signal: timeout() });
    const bytes = await res.arrayBuffer();
    return res.status === 200 && bytes.byteLength > 0;
  } catch {
    return false;
  }
}

/** The status of a dashboard request, 0 when there was no answer. */
async function statusOf(run: () => Promise<Response>): Promise<number> {
  try {
    const res = await run();
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

interface SignedIn {
  token: string;
  widgetKey: string;
}

async function signIn(w: World): Promise<SignedIn> {
  const email = 'faults0@shop.test';
  ZMagicLinkResponse.parse(
    await json(await post(`${w.api}/api/auth/magic-link/request`, { email }), 'magic link'),
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
      await post(`${w.api}/api/auth/token`, { grant_type: 'magic_link', code: decodeURIComponent(code) }),
      'code exchange',
    ),
  );
  const merchant = ZMerchant.parse(
    await json(
      await fetch(`${w.api}/api/merchant`, { headers: { authorization: `Bearer ${session.access_token}` } }),
      'GET /api/merchant',
    ),
  );
  if (!merchant.public_widget_key) throw new Error('the merchant has no widget key');
  return { token: session.access_token, widgetKey: merchant.public_widget_key };
}

/** Saves a new primary colour over `from`; answers the status and, when acknowledged, the saved settings. */
async function saveColour(
  w: World,
  who: SignedIn,
  from: TSettingsSaved,
): Promise<{ status: number; saved?: TSettingsSaved }> {
  const colour = `#${randomBytes(3).toString('hex')}`;
  try {
    const res = await fetch(`${w.api}/api/merchant/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ version: from.version, settings: { ...from.settings, primary_color: colour } }),
      signal: timeout(),
    });
    const body: unknown = await res.json().catch(() => undefined);
    if (res.status !== 200) return { status: res.status };
    const saved = ZSettingsSaved.parse(body);
    if (saved.settings.primary_color !== colour) throw new Error('the save answered another colour');
    return { status: 200, saved };
  } catch {
    return { status: 0 };
  }
}

// ---------------------------------------------------------------------------------------------------
// The load and its tally.

interface Tally {
  widgetOk: number;
  widgetAll: number;
  mediaOk: number;
  mediaAll: number;
  /** Dashboard answers by status (0: no answer). */
  dashboard: Map<number, number>;
  /** Failed widget answers by what went wrong. */
  widgetFailures: Map<string, number>;
}
const newTally = (): Tally => ({
  widgetOk: 0,
  widgetAll: 0,
  mediaOk: 0,
  mediaAll: 0,
  dashboard: new Map(),
  widgetFailures: new Map(),
});

/** Where the load's answers are counted right now: the running phase's tally. */
let tally = newTally();
let loadRunning = true;

function startLoad(w: World, who: SignedIn, keys: string[], files: string[]): Promise<void> {
  const loop = async (everyMs: number, once: (i: number) => Promise<void>) => {
    for (let i = 0; loadRunning; i++) {
      const next = performance.now() + everyMs;
      await once(i);
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  const auth = { authorization: `Bearer ${who.token}` };
  return Promise.all([
    loop(EVERY_MS.widget, async (i) => {
      const t = tally;
      const answer = await widgetAnswer(w.api, keys[i % keys.length]!);
      t.widgetAll++;
      if (answer === 'ok') t.widgetOk++;
      else t.widgetFailures.set(answer, (t.widgetFailures.get(answer) ?? 0) + 1);
    }),
    loop(EVERY_MS.media, async (i) => {
      const t = tally;
      const ok = await mediaOk(w.api, files[i % files.length]!);
      t.mediaAll++;
      if (ok) t.mediaOk++;
    }),
    loop(EVERY_MS.dashboard, async () => {
      const t = tally;
      const status = await statusOf(() =>
        fetch(`${w.api}/api/merchant`, { headers: auth, signal: timeout() }),
      );
      t.dashboard.set(status, (t.dashboard.get(status) ?? 0) + 1);
    }),
  ]).then(() => undefined);
}

const failuresOf = (t: Tally) => [...t.widgetFailures].map(([what, n]) => `${n}× ${what}`).join('; ');

// ---------------------------------------------------------------------------------------------------
// One cut.

interface CutResult {
  name: string;
  tally: Tally;
  saveDuringCut: number;
  recoveryMs: number | undefined;
  savedKept: boolean;
  problems: string[];
}

async function runCut(
  w: World,
  who: SignedIn,
  name: string,
  links: TcpProxy[],
  databaseCut: boolean,
): Promise<CutResult> {
  const problems: string[] = [];
  const auth = { authorization: `Bearer ${who.token}` };
  const current = async (what: string) => {
    const m = ZMerchant.parse(await json(await fetch(`${w.api}/api/merchant`, { headers: auth }), what));
    return { settings: m.display_settings, version: m.settings_version };
  };
  const before = await saveColour(w, who, await current('merchant before the cut'));
  if (!before.saved) problems.push(`the save before the cut answered ${before.status}`);
  let acknowledged = before.saved;
  tally = newTally();
  const phase = tally;
  await Promise.all(links.map((l) => l.cut()));
  // Half-way through, the merchant saves again: 503 while the database is gone (never 500), else saved.
  await sleep((CUT_SECONDS * 1000) / 2);
  const during = acknowledged ? await saveColour(w, who, acknowledged) : { status: -1 };
  phase.dashboard.set(during.status, (phase.dashboard.get(during.status) ?? 0) + 1);
  if (during.saved) acknowledged = during.saved;
  await sleep((CUT_SECONDS * 1000) / 2);
  await Promise.all(links.map((l) => l.restore()));
  const restoredAt = performance.now();
  let recoveryMs: number | undefined;
  try {
    await waitFor('recovery', 30_000, async () => {
      const [ready, merchant] = await Promise.all([
        statusOf(() => fetch(`${w.api}/readyz`, { signal: timeout() })),
        statusOf(() => fetch(`${w.api}/api/merchant`, { headers: auth, signal: timeout() })),
      ]);
      return ready === 200 && merchant === 200 ? true : undefined;
    });
    recoveryMs = performance.now() - restoredAt;
  } catch {
    problems.push('no recovery within 30 s');
  }
  // Counted until recovery: what store pages and the merchant saw through the outage and its end.
  tally = newTally();
  const after = await current('merchant after the cut');
  const savedKept =
    acknowledged !== undefined && after.settings.primary_color === acknowledged.settings.primary_color;
  if (!savedKept)
    problems.push(`the colour acknowledged before the cut is now ${after.settings.primary_color}`);
  if (phase.widgetOk < phase.widgetAll) problems.push(`widget answers failed: ${failuresOf(phase)}`);
  if (phase.mediaOk < phase.mediaAll) problems.push(`${phase.mediaAll - phase.mediaOk} media answers failed`);
  const bad = [...phase.dashboard.keys()].filter((s) => s !== 200 && s !== 503);
  if (bad.length > 0) problems.push(`dashboard answered ${bad.join(', ')}`);
  if (databaseCut && during.status !== 503)
    problems.push(`the save during the cut answered ${during.status}`);
  if (!databaseCut && during.status !== 200)
    problems.push(`the save during the cut answered ${during.status}`);
  if (recoveryMs !== undefined && recoveryMs > RECOVERY_GOAL_MS)
    problems.push(`recovery took ${seconds(recoveryMs)}`);
  return { name, tally: phase, saveDuringCut: during.status, recoveryMs, savedKept, problems };
}

// ---------------------------------------------------------------------------------------------------

const results: CutResult[] = [];
const setupProblems: string[] = [];
let cronLines = { down: 0, up: 0 };
let world: World | undefined;
try {
  console.log(
    `\nFault test: API and cron behind TCP proxies to PostgreSQL and Redis; each cut lasts ${CUT_SECONDS} s\n`,
  );
  world = await openWorld();
  const w = world;
  console.log(`  processes started in ${seconds(performance.now() - started)}`);
  const repos = createRepositories(w.db.db);
  for (const [i, username] of usernames.entries()) {
    const { user } = await repos.users.findOrCreate({
      email: `faults${i}@shop.test`,
      trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
    });
    await repos.accounts.connect({
      userId: user.id,
      username,
      externalId: String(17841400000200000 + i),
      now: new Date(),
    });
  }
  const direct = new pg.Client({ connectionString: withDatabase(adminUrl, dbName) });
  await direct.connect();
  const { rows } = await direct.query<{ public_widget_key: string }>(
    'select public_widget_key from instagram_accounts order by 1',
  );
  await direct.end();
  const keys = rows.map((r) => r.public_widget_key);
  // Every widget refreshed by the cron process, with its media: the keys a store page has seen.
  const files = new Set<string>();
  for (const key of keys) {
    const body = await waitFor(`the content of ${key}`, 60_000, async () => {
      const res = await fetch(`${w.api}/api/widget/init?key=${key}`);
      const text = await res.text();
      const init = ZWidgetInit.safeParse(JSON.parse(text));
      return init.success && init.data.data.content.feed.length > 0 ? text : undefined;
    });
    for (const m of body.matchAll(/"(\/media\/[^"?#]+)"/g)) files.add(m[1]!);
  }
  if (files.size === 0) throw new Error('the snapshots name no /media/ files');
  const who = await signIn(w);
  console.log(
    `  ${keys.length} widgets with ${files.size} media files ready after ${seconds(performance.now() - started)}`,
  );
  const load = startLoad(w, who, keys, [...files]);
  await sleep(2_000);
  const warmUp = tally;
  results.push(await runCut(w, who, 'PostgreSQL cut', [w.pgProxy], true));
  results.push(await runCut(w, who, 'Redis cut', [w.redisProxy], false));
  results.push(await runCut(w, who, 'both cut', [w.pgProxy, w.redisProxy], true));
  loadRunning = false;
  await load;
  if (warmUp.widgetOk < warmUp.widgetAll) {
    setupProblems.push(`widget answers failed before any cut: ${failuresOf(warmUp)}`);
  }
  const cronOut = w.cron.output();
  cronLines = {
    down: cronOut.split('skipping cron ticks until it answers').length - 1,
    up: cronOut.split('cron ticks resume').length - 1,
  };
  if (cronLines.down !== 2 || cronLines.up !== 2) {
    setupProblems.push(
      `cron logged ${cronLines.down} outage starts and ${cronLines.up} ends (expected 2 and 2)`,
    );
  }
} catch (error) {
  setupProblems.push((error as Error).message);
} finally {
  loadRunning = false;
  await Promise.all(processes.map((p) => p.stop(10_000)));
  for (const close of closers.reverse()) await close().catch(() => undefined);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
  await admin.end();
  const cache = new RedisCache({ url: redisUrl, keyPrefix: `faults-${runId}:`, logger: silent });
  await waitFor('Redis', 2_000, async () => ((await cache.ping()) ? true : undefined)).catch(() => undefined);
  await cache.clearPrefix().catch(() => undefined);
  await cache.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

const pct = (ok: number, all: number) => (all === 0 ? 'n/a' : `${((100 * ok) / all).toFixed(1)} % of ${all}`);
const table = results.map((r) => ({
  cut: r.name,
  widget: pct(r.tally.widgetOk, r.tally.widgetAll),
  media: pct(r.tally.mediaOk, r.tally.mediaAll),
  dashboard: [...r.tally.dashboard.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n}×${status === 0 ? 'none' : status}`)
    .join(' '),
  recovery: r.recoveryMs === undefined ? 'none' : seconds(r.recoveryMs),
  saved: r.savedKept ? 'kept' : 'LOST',
  result: r.problems.length === 0 ? 'ok' : 'FAILED',
}));
if (table.length > 0) {
  const cols = Object.keys(table[0]!) as (keyof (typeof table)[number])[];
  const width = (c: (typeof cols)[number]) => Math.max(c.length, ...table.map((row) => row[c].length));
  console.log(`\n  ${cols.map((c) => c.padEnd(width(c))).join('  ')}`);
  for (const row of table) console.log(`  ${cols.map((c) => row[c].padEnd(width(c))).join('  ')}`);
}
console.log(
  `\n  goals: widget and media 100 %, dashboard 200/503 (never 500), recovery ≤ ${RECOVERY_GOAL_MS / 1000} s, saves kept`,
);
console.log(
  `  cron: ${cronLines.down} outage start line(s), ${cronLines.up} end line(s) for 2 database outages`,
);
const problems = [...setupProblems, ...results.flatMap((r) => r.problems.map((p) => `${r.name}: ${p}`))];
for (const p of problems) console.log(`  FAILED: ${p}`);
console.log(`\n  wall time ${seconds(performance.now() - started)}`);
if (problems.length > 0) {
  for (const p of processes) {
    console.error(
      `\n--- ${p.kind} (pid ${p.child.pid}), last lines ---\n${p.output().split('\n').slice(-15).join('\n')}`,
    );
  }
}
process.exit(problems.length > 0 ? 1 : 0);
