/**
 * `npm run bench:events`: the widget's insights beacon, POST /api/widget/events.
 *
 * 1. Throughput. The API (its own process, PGlite or BENCH_DATABASE_URL, the in-process cache) takes
 *    beacons of 3 events as sendBeacon sends them, from 50 connections with autocannon; in the same run a
 *    bare node:http server (its own process) reads the same bodies and answers 202: the best this machine
 *    can do. Alternating rounds, best of each. Goal: ratio ≥ 0.5.
 * 2. Aggregation. 1,000 events a second for BENCH_AGG_SECONDS (20) in real time, over 300 merchants with
 *    12 posts and 3 products each, into the event counter, flushed every 2 s as the server does every
 *    10 s: every flush must end well within its interval (goal: the slowest under half of it), nothing may
 *    pile up, and the stored counters must add up to exactly what was sent.
 * 3. A flood. The API with its default limits behind one proxy (TRUST_PROXY=1): a second address sends
 *    BENCH_FLOOD_BEACONS (60) page views alone, then the same again while one address sends as many beacons
 *    as it can for BENCH_FLOOD_SECONDS (10) to the same store. Goal: the second address's beacons are all
 *    accepted and record exactly the same both times (the flood spends its own address's budget only).
 * Exits non-zero when a goal is missed.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { loadApiEnv } from '../src/config/env.js';
import { createRepositories, createServices } from '../src/services.js';
import { startHttpServer } from '../src/server.js';
import { MemoryCache } from '../src/cache/memory.cache.js';
import { systemClock } from '../src/lib/clock.js';
import { EventCounter } from '../src/insights/event-counter.js';
import { InsightsService } from '../src/insights/insights.service.js';
import { EVENT_RULES } from '../src/insights/event-rules.js';
import type { TWidgetEvent } from '@app/shared';
import type { Runtime } from '../src/runtime.js';
import { DevMailbox } from '../src/mail/dev-mailbox.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { reportRow } from '@app/shared';
import { freshDatabase, seeded } from './support.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const AGG_SECONDS = Number(process.env.BENCH_AGG_SECONDS ?? 20);
const AGG_RATE = 1_000;
const AGG_FLUSH_MS = 2_000;
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 10);
const FLOOD_BEACONS = Number(process.env.BENCH_FLOOD_BEACONS ?? 60);
const MERCHANTS = 300;
const POSTS = 12;
const PRODUCTS = 3;
const HIGHLIGHTS = 4;
const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const logger = pino({ level: 'silent' });

const image = {
  kind: 'image',
  width: 1080,
  height: 1080,
  color: '#336699',
  renditions: [{ width: 320, height: 320, path: '/media/x-320.webp' }],
};

/** Merchants with a widget snapshot of POSTS posts, the first carrying PRODUCTS products, and highlights. */
async function seedWidgets(db: DatabaseHandle, count: number) {
  const repos = createRepositories(db.db);
  const widgets: { key: string; posts: string[]; products: string[]; highlights: string[] }[] = [];
  for (let m = 0; m < count; m++) {
    const { user } = await repos.users.findOrCreate({ email: `bench${m}@events.sa` });
    const key = `bench_key_${m}`;
    const posts = Array.from({ length: POSTS }, (_, p) => `1790${m}${String(p).padStart(4, '0')}`);
    const products = Array.from({ length: PRODUCTS }, (_, p) => `prod-${m}-${p}`);
    const highlights = Array.from({ length: HIGHLIGHTS }, (_, h) => `hl-${m}-${h}`);
    const feed = posts.map((id, i) => ({
      id,
      caption: `post ${i}`,
      source_url: `https://www.instagram.com/p/${id}/`,
      media: { image },
      ...(i === 0
        ? { products: products.map((pid) => ({ id: pid, name_ar: pid, name_en: pid, image })) }
        : {}),
    }));
    await repos.snapshots.save({
      merchantId: user.id,
      publicWidgetKey: key,
      body: JSON.stringify({
        status: 'success',
        data: { content: { feed, highlights: highlights.map((id) => ({ id, title: id, cover: null })) } },
      }),
      etag: `"b${m}"`,
      version: 1,
      builtAt: new Date(),
    });
    widgets.push({ key, posts, products, highlights });
  }
  return widgets;
}

/** Every event stored, all merchants and days (the day totals, subject ''). */
async function storedTotal(database: DatabaseHandle): Promise<number> {
  const result = await database.db.execute(
    sql`select coalesce(sum(count), 0)::int as total from widget_event_counts where subject = ''`,
  );
  return Number((result as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
}

/** Each widget key's day totals by type: { key: { impression: n, post_open: n, … } }. */
async function storedByKey(database: DatabaseHandle): Promise<Record<string, Record<string, number>>> {
  const result = await database.db.execute(
    sql`select s.public_widget_key as key, c.type, sum(c.count)::int as total
        from widget_event_counts c join widget_snapshots s on s.merchant_id = c.user_id
        where c.subject = '' group by s.public_widget_key, c.type`,
  );
  const byKey: Record<string, Record<string, number>> = {};
  for (const row of (result as unknown as { rows: { key: string; type: string; total: number }[] }).rows) {
    (byKey[row.key] ??= {})[row.type] = Number(row.total);
  }
  return byKey;
}

/**
 * The API alone in this process (the child side of the throughput and flood parts): without limits for
 * throughput, with the defaults behind one proxy for the flood.
 */
async function serve(limited: boolean) {
  const database = await freshDatabase();
  const env = loadApiEnv({
    LOG_LEVEL: 'silent',
    ...(limited
      ? { TRUST_PROXY: '1' }
      : { EVENTS_LIMIT_PER_ADDRESS: '1000000', EVENTS_LIMIT_PER_KEY: '10000000' }),
  });
  const cache = new MemoryCache({ maxBytes: 16 * 1024 * 1024 });
  const runtime: Runtime = {
    env,
    logger,
    database,
    cache,
    mailer: new DevMailbox(database.db, logger),
    clock: systemClock,
    authSecret: new Uint8Array(32).fill(7),
    version: 'bench',
    close: async () => {
      await cache.close();
      await database.close();
    },
  };
  const widgets = await seedWidgets(database, 2);
  const services = createServices(runtime);
  const server = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  let connections = 0;
  server.server.on('connection', () => connections++);
  const [first, other] = widgets as [(typeof widgets)[0], (typeof widgets)[0]];
  console.log(
    `READY ${JSON.stringify({ url: server.url, ...first, other: { key: other.key, posts: other.posts } })}`,
  );
  process.once('SIGTERM', () => {
    void (async () => {
      await server.close();
      console.log(
        `COUNTED ${await storedTotal(database)} CONNECTIONS ${connections} BYKEY ${JSON.stringify(await storedByKey(database))}`,
      );
      await runtime.close();
      process.exit(0);
    })();
  });
}

/** A bare node:http server in its own process: reads the body, answers 202 with the same headers. */
const PLAIN = `
  const http = require('node:http');
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(202, { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff', 'cache-control': 'no-store', 'content-length': 0 });
      res.end();
    });
  });
  server.keepAliveTimeout = 65000;
  server.listen(0, '127.0.0.1', () => console.log('READY ' + JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));`;

function child(args: string[]) {
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let exited = false;
  proc.once('exit', () => (exited = true));
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (.+)\n/.exec(out);
      if (m?.[1]) resolve(JSON.parse(m[1]) as Record<string, unknown>);
    });
    proc.once('exit', (code) => reject(new Error(`child exited ${code ?? 'by signal'}: ${out}`)));
  });
  const stop = () =>
    new Promise<string>((resolve) => {
      if (exited) return resolve(out);
      proc.once('exit', () => resolve(out));
      proc.kill('SIGTERM');
    });
  return { ready, stop };
}

async function load(url: string, body: string) {
  const result = await autocannon({
    url: `${url}/api/widget/events`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA },
    body,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}

async function throughput() {
  const api = child([
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/ins/prof'] : []),
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    '--serve',
  ]);
  const plain = child(['-e', PLAIN]);
  try {
    const a = (await api.ready) as { url: string; key: string; posts: string[]; products: string[] };
    const p = (await plain.ready) as { url: string };
    const body = JSON.stringify({
      key: a.key,
      events: [
        { type: 'impression' },
        { type: 'post_open', post_id: a.posts[0] },
        { type: 'product_click', product_id: a.products[0], post_id: a.posts[0] },
      ],
    });
    // Warm both up (JIT, the widget's memo) before measuring.
    await load(a.url, body);
    await load(p.url, body);
    const ours: Awaited<ReturnType<typeof load>>[] = [];
    const base: Awaited<ReturnType<typeof load>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await load(a.url, body));
      base.push(await load(p.url, body));
    }
    const out = await api.stop();
    const counted = Number(/COUNTED (\d+)/.exec(out)?.[1] ?? -1);
    const sockets = Number(/CONNECTIONS (\d+)/.exec(out)?.[1] ?? -1);
    const best = (xs: typeof ours) => xs.reduce((x, y) => (y.rps > x.rps ? y : x));
    return { o: best(ours), b: best(base), counted, sockets };
  } finally {
    await api.stop().catch(() => undefined);
    await plain.stop();
  }
}

async function aggregation() {
  const database = await freshDatabase();
  try {
    const widgets = await seedWidgets(database, MERCHANTS);
    const repos = createRepositories(database.db);
    const counter = new EventCounter(repos.insights, logger);
    const insights = new InsightsService({
      repo: repos.insights,
      snapshots: repos.snapshots,
      counter,
      cache: new MemoryCache({ maxBytes: 16 * 1024 * 1024 }),
      clock: systemClock,
      logger,
      addressSecret: new Uint8Array(32),
      limits: { perAddressPerMinute: 1e9, perKeyPerMinute: 1e9 },
    });
    const random = seeded(17);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const flushes: { ms: number; counters: number }[] = [];
    let flushing = false;
    const timer = setInterval(() => {
      if (flushing) return;
      flushing = true;
      const counters = counter.pendingCount;
      const started = performance.now();
      void counter.flush().then(() => {
        flushes.push({ ms: performance.now() - started, counters });
        flushing = false;
      });
    }, AGG_FLUSH_MS);
    let sent = 0;
    let maxPending = 0;
    const started = performance.now();
    // Beacons of 1–5 events, paced to AGG_RATE events a second in 100 ms slices.
    for (let slice = 0; slice < AGG_SECONDS * 10; slice++) {
      let due = AGG_RATE / 10;
      while (due > 0) {
        const w = pick(widgets);
        const n = Math.min(due, 1 + Math.floor(random() * 5));
        const events = Array.from({ length: n }, (): TWidgetEvent => {
          const r = random();
          if (r < 0.35) return { type: 'impression' };
          if (r < 0.75) return { type: 'post_open', post_id: pick(w.posts) };
          if (r < 0.85) return { type: 'story_open', highlight_id: pick(w.highlights) };
          if (r < 0.95) return { type: 'product_click', product_id: pick(w.products), post_id: w.posts[0]! };
          return { type: 'follow_click' };
        });
        // Keep the books exact: send no more of one thing in a beacon than counts (one impression…).
        const times = new Map<string, number>();
        const kept = events.filter((e) => {
          const about = `${e.type}:${'post_id' in e && e.type === 'post_open' ? e.post_id : ''}${'product_id' in e ? e.product_id : ''}${'highlight_id' in e ? e.highlight_id : ''}`;
          const n = (times.get(about) ?? 0) + 1;
          times.set(about, n);
          return n <= EVENT_RULES[e.type].perBeacon;
        });
        const r = await insights.accept({ key: w.key, events: kept }, `10.0.${slice % 250}.${due % 250}`);
        if (!r.ok) throw r.error;
        sent += kept.length;
        due -= kept.length;
      }
      maxPending = Math.max(maxPending, counter.pendingCount);
      const wait = started + (slice + 1) * 100 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(timer);
    while (flushing) await new Promise((resolve) => setTimeout(resolve, 10));
    await counter.flush();
    const stored = await storedTotal(database);
    return { sent, stored, elapsed, flushes, maxPending };
  } finally {
    await database.close();
  }
}

/** Page views from one address, one beacon each (an impression and a post open), paced over `seconds`. */
async function pageViews(url: string, key: string, posts: string[], address: string, seconds: number) {
  const statuses: number[] = [];
  const started = performance.now();
  for (let i = 0; i < FLOOD_BEACONS; i++) {
    const res = await fetch(`${url}/api/widget/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA, 'x-forwarded-for': address },
      body: JSON.stringify({
        key,
        events: [{ type: 'impression' }, { type: 'post_open', post_id: posts[i % posts.length] }],
      }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
    const wait = started + ((i + 1) * seconds * 1000) / FLOOD_BEACONS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return { sent: statuses.length, accepted: statuses.filter((s) => s === 202).length };
}

/** Part 3: what a second address's beacons record, alone and during a flood from one address. */
async function flood() {
  const api = child(['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', '--limited']);
  try {
    const a = (await api.ready) as {
      url: string;
      key: string;
      posts: string[];
      other: { key: string; posts: string[] };
    };
    // Alone, on one store; then on the other store while one address floods it.
    const alone = await pageViews(a.url, a.other.key, a.other.posts, '198.51.100.10', FLOOD_SECONDS);
    const [flooded, during] = await Promise.all([
      autocannon({
        url: `${a.url}/api/widget/events`,
        method: 'POST',
        connections: 20,
        duration: FLOOD_SECONDS,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': UA,
          'x-forwarded-for': '203.0.113.66',
        },
        body: JSON.stringify({ key: a.key, events: [{ type: 'impression' }] }),
      }),
      pageViews(a.url, a.key, a.posts, '198.51.100.11', FLOOD_SECONDS),
    ]);
    const out = await api.stop();
    const byKey = JSON.parse(/BYKEY (.+)/.exec(out)?.[1] ?? '{}') as Record<string, Record<string, number>>;
    const floodAccepted = flooded['2xx'];
    const recordedAlone = {
      impressions: byKey[a.other.key]?.impression ?? 0,
      opens: byKey[a.other.key]?.post_open ?? 0,
    };
    // The flood sends impressions only: what it got in is known from its 202s.
    const recordedDuring = {
      impressions: (byKey[a.key]?.impression ?? 0) - floodAccepted,
      opens: byKey[a.key]?.post_open ?? 0,
    };
    return {
      alone,
      during,
      flood: { sent: flooded.requests.total, accepted: floodAccepted },
      recordedAlone,
      recordedDuring,
    };
  } finally {
    await api.stop().catch(() => undefined);
  }
}

if (process.argv.includes('--serve')) {
  await serve(process.argv.includes('--limited'));
} else {
  const t = await throughput();
  const ratio = t.o.rps / t.b.rps;
  console.log(
    `\nWidget events benchmark (${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds, best round; 3 events a beacon)\n`,
  );
  console.log(
    `  ${'server'.padEnd(36)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  console.log(
    `  ${'POST /api/widget/events (Lamha)'.padEnd(36)} ${t.o.rps.toFixed(0).padStart(9)} ${String(t.o.p50).padStart(8)} ${String(t.o.p99).padStart(8)}`,
  );
  console.log(
    `  ${'bare node:http, reads body, 202'.padEnd(36)} ${t.b.rps.toFixed(0).padStart(9)} ${String(t.b.p50).padStart(8)} ${String(t.b.p99).padStart(8)}`,
  );
  console.log(`\n  ratio ${ratio.toFixed(2)} (goal ≥ 0.50)`);
  reportRow({
    measure: 'events beacon: POST /api/widget/events, req/s',
    result: `${t.o.rps.toFixed(0)} (× ${ratio.toFixed(2)})`,
    goal: '× ≥ 0.50',
    baseline: `${t.b.rps.toFixed(0)} bare node:http`,
    met: ratio >= 0.5,
  });
  console.log(
    `  events counted by the API after its shutdown flush: ${t.counted} (3 a beacon, warm-up included), over ${t.sockets} kept-alive connections`,
  );

  const a = await aggregation();
  const slowest = Math.max(0, ...a.flushes.map((f) => f.ms));
  const biggest = Math.max(0, ...a.flushes.map((f) => f.counters));
  console.log(
    `\nAggregation: ${a.sent} events in ${a.elapsed.toFixed(1)} s (${(a.sent / a.elapsed).toFixed(0)}/s) over ${MERCHANTS} merchants, flushed every ${AGG_FLUSH_MS / 1000} s`,
  );
  console.log(
    `  flushes ${a.flushes.length}, slowest ${slowest.toFixed(0)} ms for ${biggest} counters at most, most pending ${a.maxPending}`,
  );
  console.log(`  stored ${a.stored} of ${a.sent} events\n`);

  const f = await flood();
  console.log(
    `Flood (default limits: 120 beacons a minute per address, 6,000 per store; ${FLOOD_BEACONS} page views over ${FLOOD_SECONDS} s from a second address)`,
  );
  console.log(
    `  ${''.padEnd(38)} ${'accepted'.padStart(12)} ${'impressions'.padStart(12)} ${'post opens'.padStart(11)}`,
  );
  console.log(
    `  ${'second address alone'.padEnd(38)} ${`${f.alone.accepted}/${f.alone.sent}`.padStart(12)} ${String(f.recordedAlone.impressions).padStart(12)} ${String(f.recordedAlone.opens).padStart(11)}`,
  );
  console.log(
    `  ${'second address during the flood'.padEnd(38)} ${`${f.during.accepted}/${f.during.sent}`.padStart(12)} ${String(f.recordedDuring.impressions).padStart(12)} ${String(f.recordedDuring.opens).padStart(11)}`,
  );
  console.log(
    `  ${'the flooding address'.padEnd(38)} ${`${f.flood.accepted}/${f.flood.sent}`.padStart(12)} ${String(f.flood.accepted).padStart(12)} ${'0'.padStart(11)}\n`,
  );

  const failures = [
    ratio < 0.5 && 'throughput ratio below 0.5',
    t.counted % 3 !== 0 && 'the API counted part of a beacon',
    a.stored !== a.sent && 'stored counters differ from the events sent',
    a.sent / a.elapsed < AGG_RATE * 0.95 && 'could not feed 1,000 events a second',
    slowest > AGG_FLUSH_MS / 2 && 'a flush took more than half its interval',
    (f.during.accepted !== f.during.sent || f.alone.accepted !== f.alone.sent) &&
      "the second address's beacons were refused",
    (f.recordedDuring.impressions !== f.recordedAlone.impressions ||
      f.recordedDuring.opens !== f.recordedAlone.opens ||
      f.recordedAlone.opens !== FLOOD_BEACONS) &&
      "the flood changed what the second address's beacons recorded",
    // Its minute's budget, twice if the flood spans the turn of a minute.
    f.flood.accepted > 2 * loadApiEnv({}).EVENTS_LIMIT_PER_ADDRESS &&
      'the flooding address got past its limit',
  ].filter(Boolean);
  if (failures.length) {
    console.error(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('All events goals met.');
}
