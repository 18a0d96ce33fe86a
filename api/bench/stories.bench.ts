/**
 * `npm run bench:refresh` (second part): story polling under a simulated day.
 *
 * 10,000 merchants connected through Instagram Login, each posting a few stories a day at random times;
 * a story is visible on Instagram for 24 h only. A fake clock steps one minute per cron tick and the real
 * StoriesService and repositories run on a real database (PGlite in memory, or PostgreSQL at
 * BENCH_DATABASE_URL), with the production batch size. The fake Instagram counts calls per token; media
 * copies are stubbed (the media store has its own benchmark).
 *
 * Prints per hour: polls, stories archived, and the largest gap since each account's previous read.
 * Goals (exit non-zero when missed): every story is archived within its 24 h; no account goes more than
 * 4 h without a read; no token makes more calls in an hour than Instagram's per-user allowance (200).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/database.js';
import { reportRow } from '@app/shared';
import { freshDatabase, seeded } from './support.js';
import { silentLogger } from '../src/testing/backends.js';
import { ManualClock } from '../src/lib/clock.js';
import { ok } from '../src/lib/result.js';
import { instagramConnections } from '../src/db/schema.js';
import { StoriesRepository } from '../src/stories/stories.repository.js';
import { StoriesService } from '../src/stories/stories.service.js';
import type { InstagramLoginPort } from '../src/instagram/instagram-login.client.js';
import type { SourceStory } from '../src/instagram/instagram.source.js';

const ACCOUNTS = Number(process.env.BENCH_STORY_ACCOUNTS ?? 10_000);
const HOURS = Number(process.env.BENCH_HOURS ?? 24);
const STORIES_PER_DAY = 3;
const BATCH_SIZE = 20; // REFRESH_BATCH_SIZE's default
const START = new Date('2026-03-01T00:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STORY_LIFE = 24 * HOUR;
const MAX_GAP = 4 * HOUR;
const PER_USER_CALLS_PER_HOUR = 200;

/** Instagram as the poll sees it: each token's stories of the last 24 h, and every call counted. */
class StoryWorld {
  /** Per account (index = token), its stories' posting times, ascending. */
  readonly posted: number[][] = [];
  readonly callsPerTokenHour = new Map<string, number>();
  readonly readsOf: number[][] = [];

  constructor(
    private readonly clock: ManualClock,
    random: () => number,
  ) {
    // Stories from the day before the run too: some are alive when it starts.
    const from = START.getTime() - STORY_LIFE;
    const span = (HOURS + 24) * HOUR;
    for (let i = 0; i < ACCOUNTS; i++) {
      const count = Math.round((STORIES_PER_DAY * span) / STORY_LIFE);
      const times = Array.from({ length: count }, () => from + Math.floor(random() * span));
      this.posted.push(times.sort((x, y) => x - y));
      this.readsOf.push([]);
    }
  }

  readonly login: Pick<InstagramLoginPort, 'stories'> = {
    stories: (token) => {
      const i = Number(token);
      const now = this.clock.now().getTime();
      const key = `${i}:${Math.floor(now / HOUR)}`;
      this.callsPerTokenHour.set(key, (this.callsPerTokenHour.get(key) ?? 0) + 1);
      this.readsOf[i]!.push(now);
      const alive: SourceStory[] = this.posted[i]!.filter((t) => t <= now && t > now - STORY_LIFE).map(
        (t, k) => ({
          id: `${i}_${t}_${k}`,
          mediaType: 'IMAGE',
          mediaUrl: `https://scontent.cdninstagram.com/s/${i}/${t}.jpg`,
          timestamp: new Date(t).toISOString(),
        }),
      );
      return Promise.resolve(ok(alive));
    },
  };
}

async function seed(db: DatabaseHandle['db']) {
  const chunk = 1000;
  for (let from = 0; from < ACCOUNTS; from += chunk) {
    const rows = Array.from({ length: Math.min(chunk, ACCOUNTS - from) }, (_, k) => from + k);
    const list = sql.raw(`array[${rows.join(',')}]`);
    await db.execute(sql`
      insert into users (email, trial_ends_at)
      select 's' || g || '@bench.sa', ${new Date(START.getTime() + 14 * 24 * HOUR)}::timestamptz
      from unnest(${list}::int[]) as g`);
    // The token is the account's index (the fake reads it back); a connection made before the run,
    // never polled yet, as after a deploy that adds story polling.
    await db.execute(sql`
      insert into instagram_connections (user_id, ig_user_id, username, access_token_enc, token_issued_at, token_expires_at)
      select u.id, '1784' || g, 'shop' || g, 'bench', ${START}::timestamptz, ${new Date(START.getTime() + 50 * 24 * HOUR)}::timestamptz
      from unnest(${list}::int[]) as g join users u on u.email = 's' || g || '@bench.sa'`);
  }
  await db.execute(sql`analyze`);
}

async function main() {
  const clock = new ManualClock(new Date(START));
  const database = await freshDatabase();
  const world = new StoryWorld(clock, seeded(11));
  const t0 = performance.now();
  await seed(database.db);
  const indexOf = new Map<string, number>();
  const rows = (await database.db.execute(
    sql`select user_id, ig_user_id from instagram_connections`,
  )) as unknown as { rows: { user_id: string; ig_user_id: string }[] };
  for (const r of rows.rows) indexOf.set(r.user_id, Number(r.ig_user_id.slice(4)));
  console.log(`seeded ${ACCOUNTS} connections in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  let rebuilds = 0;
  const stories = new StoriesService({
    stories: new StoriesRepository(database.db),
    users: { findById: () => Promise.resolve(undefined) },
    subscriptions: { findActive: () => Promise.resolve(undefined) },
    snapshots: {
      rebuild: () => {
        rebuilds++;
        return Promise.resolve(undefined);
      },
    },
    readers: [
      {
        via: 'instagram',
        login: world.login as InstagramLoginPort,
        table: instagramConnections,
        tokens: {
          tokenFor: (userId) =>
            Promise.resolve({
              status: 'active',
              connectionId: userId,
              token: String(indexOf.get(userId)),
              demo: false,
            }),
          markNeedsReconnect: () => Promise.resolve(),
        },
      },
    ],
    mediaFetcher: {
      fetch: () => Promise.resolve(ok({ bytes: Buffer.alloc(0), contentType: 'image/jpeg' })),
    },
    mediaStore: {
      store: () =>
        Promise.resolve(
          ok({
            kind: 'image' as const,
            hash: 'bench',
            width: 1080,
            height: 1920,
            placeholderColor: '#888888',
            renditions: [{ width: 640, height: 1138, path: 'bench/640.jpg' }],
          }),
        ),
    },
    // The bench polls stories; it never uploads.
    uploads: { storeUpload: () => Promise.reject(new Error('no uploads in this bench')) },
    clock,
    logger: silentLogger,
    config: { retentionDays: 90, pollBatchSize: BATCH_SIZE, mediaConcurrency: 4 },
  });

  const hourly: { hour: number; polls: number; archived: number; tickMs: number }[] = [];
  const t1 = performance.now();
  for (let hour = 0; hour < HOURS; hour++) {
    const row = { hour, polls: 0, archived: 0, tickMs: 0 };
    for (let minute = 0; minute < 60; minute++) {
      const tick = performance.now();
      const summary = await stories.pollDue();
      row.tickMs = Math.max(row.tickMs, performance.now() - tick);
      row.polls += summary.polled;
      row.archived += summary.archived;
      clock.advance(MINUTE);
    }
    hourly.push(row);
  }
  const simulatedMs = performance.now() - t1;

  // Every story alive at some point of the run must have been archived while it was alive.
  const end = START.getTime() + HOURS * HOUR;
  const archived = (await database.db.execute(
    sql`select count(*)::text as n from instagram_stories`,
  )) as unknown as { rows: { n: string }[] };
  // A story is judged when it had at least 4 h (the longest allowed gap between reads) of its life inside
  // the run: it must have been read while alive. The rest (expiring in the run's first minutes, before
  // the first reads of a never-polled fleet, or posted in its last 4 h) may be read outside it.
  let expected = 0;
  let missed = 0;
  let worstGap = 0;
  for (let i = 0; i < ACCOUNTS; i++) {
    const reads = world.readsOf[i]!;
    for (const t of world.posted[i]!) {
      const from = Math.max(t, START.getTime());
      const until = Math.min(t + STORY_LIFE, end);
      if (until - from < MAX_GAP) continue;
      expected++;
      if (!reads.some((r) => r >= t && r < until)) missed++;
    }
    let previous = START.getTime();
    for (const r of [...reads, end]) {
      worstGap = Math.max(worstGap, r - previous);
      previous = r;
    }
  }
  const maxCalls = Math.max(...world.callsPerTokenHour.values());

  console.log('\nhour  polls  archived  slowest tick (ms)');
  for (const r of hourly)
    console.log(
      `${String(r.hour).padStart(4)}  ${String(r.polls).padStart(5)}  ${String(r.archived).padStart(8)}  ${r.tickMs.toFixed(0).padStart(17)}`,
    );
  const table = [
    ['accounts', String(ACCOUNTS)],
    ['simulated hours', String(HOURS)],
    ['stories judged (at least 4 h of their life inside the run)', String(expected)],
    ['stories archived', archived.rows[0]?.n ?? '0'],
    ['stories missed (goal 0)', String(missed)],
    ['longest time without a read (goal ≤ 4 h)', `${(worstGap / HOUR).toFixed(2)} h`],
    [`most calls by one token in an hour (goal ≤ ${PER_USER_CALLS_PER_HOUR})`, String(maxCalls)],
    ['widget rebuilds', String(rebuilds)],
    ['wall time for the simulated day', `${(simulatedMs / 1000).toFixed(1)} s`],
  ];
  console.log('\nstory polling');
  reportRow({
    measure: `stories: missed / longest unread (${ACCOUNTS} connections)`,
    result: `${missed} / ${(worstGap / HOUR).toFixed(2)} h`,
    goal: '0 / ≤ 4 h',
    baseline: '',
    met: missed === 0 && worstGap <= MAX_GAP && maxCalls <= PER_USER_CALLS_PER_HOUR,
  });
  for (const [k, v] of table) console.log(`  ${k!.padEnd(66)} ${v}`);
  await database.close();

  const failures = [
    missed > 0 && `${missed} stories were never archived while alive`,
    worstGap > MAX_GAP && `an account went ${(worstGap / HOUR).toFixed(2)} h without a read`,
    maxCalls > PER_USER_CALLS_PER_HOUR && `a token made ${maxCalls} calls in an hour`,
  ].filter(Boolean);
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.join('; ')}`);
    process.exit(1);
  }
}

await main();
