import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import {
  FAKE_IG_USER_ID,
  startFakeGraph,
  type FakeGraph,
  type FakeGraphFault,
} from '../testing/fake-graph.js';
import { loadFixtures } from '../testing/contracts/shape.js';
import { businessDiscoveryFields, GraphSource } from './graph.source.js';
import type { CallBudget, SourceContent, SourceFailure } from './instagram.source.js';

const TOKEN = 'EAAGsecretTOKENvalue123';
const MINUTE = 60_000;

/** Counts permits; refuses with `refuseFor` ms while set. */
class FakeBudget implements CallBudget {
  taken = 0;
  refuseFor: number | undefined;
  take() {
    if (this.refuseFor !== undefined)
      return Promise.resolve({ ok: false as const, retryAfterMs: this.refuseFor, reason: 'window' as const });
    this.taken++;
    return Promise.resolve({ ok: true as const });
  }
}

let fake: FakeGraph;
let clock: ManualClock;
let budget: FakeBudget;
let source: GraphSource;

beforeAll(async () => {
  fake = await startFakeGraph({ accessToken: TOKEN });
});
afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.setBehaviour({
    faultsByUsername: {},
    nextFaults: [],
    appUsage: undefined,
    businessUseCaseUsage: undefined,
    cursorOnLastPage: false,
    maxPageSize: 100,
  });
  clock = new ManualClock(new Date('2026-06-02T00:00:00Z'));
  budget = new FakeBudget();
  source = new GraphSource({
    token: TOKEN,
    igUserId: FAKE_IG_USER_ID,
    baseUrl: fake.baseUrl,
    fetch: globalThis.fetch,
    budget,
    clock,
    timeoutMs: 300,
  });
});

async function content(username: string, limit: number, from = source): Promise<SourceContent> {
  const result = await from.fetchContent(username, { limit, includeHighlights: true });
  if (!result.ok) throw new Error(`expected content, got ${JSON.stringify(result.error)}`);
  return result.value;
}

async function failure(username: string, limit = 12, from = source): Promise<SourceFailure> {
  const result = await from.fetchContent(username, { limit, includeHighlights: false });
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('GraphSource requests', () => {
  it('asks Business Discovery exactly as documented', async () => {
    await content('bluebottle', 12);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: `/v25.0/${FAKE_IG_USER_ID}`,
      accessToken: TOKEN,
      fields:
        'business_discovery.username(bluebottle){id,username,name,profile_picture_url,followers_count,follows_count,media_count,media.limit(12){id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count,children{id,media_type,media_url,thumbnail_url}}}',
    });
  });

  it('looks an account up without asking for media', async () => {
    const result = await source.lookupAccount('@BlueBottle');
    expect(result).toEqual({
      ok: true,
      value: {
        externalId: '17841401441775531',
        username: 'bluebottle',
        name: 'Blue Bottle Coffee',
        profilePictureUrl: 'https://scontent.xx.fbcdn.net/v/t51.2885-15/1_n.jpg?_nc_cat=1&oe=6A1B2C3D',
        followersCount: 267793,
        followsCount: 150,
        mediaCount: 120,
      },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.fields).toBe(businessDiscoveryFields('bluebottle'));
    expect(fake.requests[0]?.limit).toBeUndefined();
  });

  it('rejects a username Instagram would not accept without calling out', async () => {
    for (const bad of ['blue){id}', 'a..b', '']) {
      const result = await source.lookupAccount(bad);
      expect(!result.ok && result.error.kind).toBe('not_found');
    }
    expect(fake.requests).toHaveLength(0);
    expect(budget.taken).toBe(0);
  });
});

describe('GraphSource content', () => {
  it('maps the profile and posts, newest first, without highlights', async () => {
    const { profile, posts, highlights } = await content('bluebottle', 12);
    expect(profile.username).toBe('bluebottle');
    expect(profile.externalId).toBe('17841401441775531');
    expect(posts).toHaveLength(12);
    expect(highlights).toEqual([]);
    const times = posts.map((p) => p.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    expect(posts[0]?.timestamp).toBe('2026-06-01T16:01:55.000Z');
    expect(posts[3]).toMatchObject({
      id: '17990003',
      mediaType: 'IMAGE',
      productType: 'FEED',
      caption: 'Post 3 #sample',
      mediaUrl: 'https://scontent.cdninstagram.com/v/t51.29350-15/17990003_n.jpg?oe=6A1B2C3D',
      permalink: 'https://www.instagram.com/p/C17990003/',
      likeCount: 997,
      commentsCount: 3,
      children: [],
    });
  });

  it('keeps the thumbnail and permalink when Instagram withholds media_url', async () => {
    const { posts } = await content('bluebottle', 3);
    expect(posts[1]).toMatchObject({
      mediaType: 'VIDEO',
      productType: 'REELS',
      mediaUrl: undefined,
      thumbnailUrl: 'https://scontent.cdninstagram.com/v/t51.29350-15/17990001_n.jpg?oe=6A1B2C3D',
      permalink: 'https://www.instagram.com/reel/C17990001/',
    });
    expect(posts[2]?.mediaUrl).toMatch(/\.mp4\?/);
  });

  it('maps carousel children in order', async () => {
    const { posts } = await content('bluebottle', 1);
    expect(posts[0]?.mediaType).toBe('CAROUSEL_ALBUM');
    expect(posts[0]?.children).toEqual([
      {
        id: '1799000001',
        mediaType: 'IMAGE',
        mediaUrl: expect.stringContaining('17990000_1_n.jpg'),
        thumbnailUrl: undefined,
      },
      {
        id: '1799000002',
        mediaType: 'IMAGE',
        mediaUrl: expect.stringContaining('17990000_2_n.jpg'),
        thumbnailUrl: undefined,
      },
      {
        id: '1799000003',
        mediaType: 'VIDEO',
        mediaUrl: expect.stringContaining('17990000_3.mp4'),
        thumbnailUrl: expect.stringContaining('17990000_3_n.jpg'),
      },
    ]);
  });

  it('fills what owners may hide: no caption, no like count', async () => {
    const { posts } = await content('bluebottle', 7);
    expect(posts[4]?.caption).toBe('');
    expect(posts[6]?.likeCount).toBeUndefined();
  });

  it('pages with the after-cursor until the limit is reached (pages cut short by Graph)', async () => {
    fake.setBehaviour({ maxPageSize: 20 });
    const { posts } = await content('bluebottle', 50);
    expect(posts).toHaveLength(50);
    expect(new Set(posts.map((p) => p.id)).size).toBe(50);
    expect(posts.at(-1)?.id).toBe('17990049');
    expect(fake.requests.map((r) => [r.limit, r.after])).toEqual([
      [50, undefined],
      [30, Buffer.from('bluebottle:20').toString('base64url')],
      [10, Buffer.from('bluebottle:40').toString('base64url')],
    ]);
    expect(fake.requests[1]?.fields).toContain(`media.after(${fake.requests[1]?.after}).limit(30){`);
    expect(budget.taken).toBe(3);
  });

  it('asks for at most 50 per page', async () => {
    const { posts } = await content('bluebottle', 120);
    expect(posts).toHaveLength(120);
    expect(fake.requests.map((r) => r.limit)).toEqual([50, 50, 20]);
  });

  it('stops when Graph gives no cursor', async () => {
    expect((await content('tinyshop', 50)).posts).toHaveLength(3);
    expect(fake.requests).toHaveLength(1);
    const empty = await content('emptyshop', 50);
    expect(empty.posts).toEqual([]);
    expect(empty.profile.username).toBe('emptyshop');
    expect(fake.requests).toHaveLength(2);
  });

  it('stops at an empty page when Graph keeps giving a cursor', async () => {
    fake.setBehaviour({ cursorOnLastPage: true });
    expect((await content('tinyshop', 50)).posts).toHaveLength(3);
    expect(fake.requests.map((r) => r.limit)).toEqual([50, 47]);
  });

  it('asks only for the profile when the limit is 0', async () => {
    const result = await content('bluebottle', 0);
    expect(result.posts).toEqual([]);
    expect(fake.requests[0]?.limit).toBeUndefined();
  });
});

describe('GraphSource failures', () => {
  it.each(['personal_sara', 'nobody_at_all'])('%s → not_business, with how to fix it', async (username) => {
    const error = await failure(username);
    expect(error.kind).toBe('not_business');
    expect(error.message).toBe(
      'This Instagram account is not a business or creator account. Switch it to a professional account in the Instagram app, then try again.',
    );
    expect(error.detail).toContain('110/2207013');
    const lookup = await source.lookupAccount(username);
    expect(!lookup.ok && lookup.error.kind).toBe('not_business');
  });

  it.each([
    [4, 60 * MINUTE],
    [17, 15 * MINUTE],
    [32, 60 * MINUTE],
    [613, 15 * MINUTE],
    [80002, 60 * MINUTE],
  ] as const)(
    'throttling code %i → rate_limited for %i ms, then no calls until it passes',
    async (code, wait) => {
      fake.setBehaviour({ nextFaults: [{ kind: 'throttled', code }] });
      const error = await failure('bluebottle');
      expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: wait });
      expect(error.detail).toContain(`Graph error ${code}`);

      clock.advance(wait - 1000);
      const again = await failure('tinyshop');
      expect(again).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 });
      expect(fake.requests).toHaveLength(1);
      expect(budget.taken).toBe(1);

      clock.advance(1000);
      expect((await content('tinyshop', 12)).posts).toHaveLength(3);
      expect(fake.requests).toHaveLength(2);
    },
  );

  it.each([500, 503])('HTTP %i → unavailable, and the next call goes out', async (status) => {
    fake.setBehaviour({ nextFaults: [{ kind: 'server_error', status }] });
    const error = await failure('bluebottle');
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      `Instagram had a problem of its own (HTTP ${status}). We will try again shortly.`,
    );
    expect((await content('bluebottle', 12)).posts).toHaveLength(12);
  });

  it('a server that does not answer → unavailable after the timeout', async () => {
    fake.setBehaviour({ faultsByUsername: { bluebottle: { kind: 'hang' } } });
    const started = performance.now();
    const error = await failure('bluebottle');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram did not answer within 0.3 seconds. We will try again shortly.',
    });
  });

  it('invalid JSON → unavailable', async () => {
    fake.setBehaviour({ nextFaults: [{ kind: 'invalid_json' }] });
    expect(await failure('bluebottle')).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram answered with something that is not JSON. We will try again shortly.',
    });
  });

  it('JSON of the wrong shape → unavailable, naming the field', async () => {
    fake.setBehaviour({ nextFaults: [{ kind: 'wrong_shape' }] });
    const error = await failure('bluebottle');
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram answered in a shape we do not understand. We will try again shortly.',
    });
    expect(error.detail).toContain('business_discovery.');
  });

  it('a failure on a later page fails the whole fetch', async () => {
    fake.setBehaviour({ maxPageSize: 20 });
    // Page 1 goes through; the fault is queued just before page 2 leaves.
    const faultOnSecondPage = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: fake.baseUrl,
      fetch: ((input: string | URL | Request, init?: RequestInit) => {
        if (fake.requests.length === 1) fake.setBehaviour({ nextFaults: [{ kind: 'server_error' }] });
        return globalThis.fetch(input, init);
      }) as typeof fetch,
      budget,
      clock,
    });
    const error = await failure('bluebottle', 50, faultOnSecondPage);
    expect(error.kind).toBe('unavailable');
    expect(fake.requests.map((r) => r.fault)).toEqual([undefined, 'server_error']);
  });

  it('an unreachable server → unavailable', async () => {
    const closed = await startFakeGraph();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const offline = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl,
      fetch: globalThis.fetch,
      budget,
      clock,
    });
    const error = await failure('bluebottle', 12, offline);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram could not be reached. We will try again shortly.',
    });
    expect(error.detail).toMatch(/ECONNREFUSED|fetch failed/);
  });

  it('an expired token → unavailable, for the operator to renew', async () => {
    const expired = new GraphSource({
      token: 'EAAGanotherTOKEN',
      igUserId: FAKE_IG_USER_ID,
      baseUrl: fake.baseUrl,
      fetch: globalThis.fetch,
      budget,
      clock,
    });
    const error = await failure('bluebottle', 12, expired);
    expect(error.kind).toBe('unavailable');
    expect(error.detail).toContain('Graph error 190');
  });

  it('a refused budget → rate_limited with its wait, and no request', async () => {
    budget.refuseFor = 42_000;
    expect(await failure('bluebottle')).toMatchObject({ kind: 'rate_limited', retryAfterMs: 42_000 });
    const lookup = await source.lookupAccount('bluebottle');
    expect(!lookup.ok && lookup.error.retryAfterMs).toBe(42_000);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('GraphSource and X-App-Usage', () => {
  it('answers, then backs off for 15 minutes when usage is above 90 %, then recovers', async () => {
    fake.setBehaviour({ appUsage: { call_count: 95, total_cputime: 10, total_time: 12 } });
    expect((await content('bluebottle', 12)).posts).toHaveLength(12);
    fake.setBehaviour({ appUsage: undefined });

    const error = await failure('tinyshop');
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 15 * MINUTE });
    expect(error.detail).toContain('X-App-Usage at 95%');
    clock.advance(10 * MINUTE);
    expect(await failure('tinyshop')).toMatchObject({ kind: 'rate_limited', retryAfterMs: 5 * MINUTE });
    expect(fake.requests).toHaveLength(1);

    clock.advance(5 * MINUTE);
    expect((await content('tinyshop', 12)).posts).toHaveLength(3);
    expect(fake.requests).toHaveLength(2);
  });

  it.each([{ total_cputime: 91 }, { total_time: 100 }])('watches every usage figure: %j', async (usage) => {
    fake.setBehaviour({ appUsage: usage });
    await content('tinyshop', 12);
    expect((await failure('tinyshop')).kind).toBe('rate_limited');
  });

  it('ignores usage at or below 90 % and a header it cannot read', async () => {
    fake.setBehaviour({ appUsage: { call_count: 90, total_cputime: 50, total_time: 20 } });
    await content('tinyshop', 12);
    await content('tinyshop', 12);
    const garbled = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: fake.baseUrl,
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const response = await globalThis.fetch(input, init);
        const headers = new Headers(response.headers);
        headers.set('x-app-usage', '{not json');
        return new Response(await response.text(), { status: response.status, headers });
      }) as typeof fetch,
      budget,
      clock,
    });
    await content('tinyshop', 12, garbled);
    await content('tinyshop', 12, garbled);
    expect(fake.requests).toHaveLength(4);
  });

  it('stops paging when usage turns high, keeping the newest posts', async () => {
    fake.setBehaviour({ appUsage: { call_count: 97 } });
    const { posts } = await content('bluebottle', 120);
    expect(posts).toHaveLength(50);
    expect(posts[0]?.id).toBe('17990000');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('GraphSource and Business Use Case limits (X-Business-Use-Case-Usage, 80002)', () => {
  const fixtures = loadFixtures('instagram');
  /** Graph answering once with the docs' 80002 body and usage header, then passing calls through. */
  const throttledOnce = () => {
    let answered = false;
    return (async (input: string | URL | Request, init?: RequestInit) => {
      if (answered) return globalThis.fetch(input, init);
      answered = true;
      return new Response(JSON.stringify(fixtures['error.throttled-buc']), {
        status: 400,
        headers: {
          'content-type': 'application/json',
          'x-business-use-case-usage': JSON.stringify(fixtures['header-buc-usage.docs']),
        },
      });
    }) as typeof fetch;
  };

  it("the documented 80002 answer waits Meta's estimated_time_to_regain_access, with no calls until then", async () => {
    const throttled = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: fake.baseUrl,
      fetch: throttledOnce(),
      budget,
      clock,
    });
    const error = await failure('bluebottle', 12, throttled);
    // The docs' header says 19 minutes; our own table would have said 60.
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 19 * MINUTE });
    expect(error.message).toBe(
      'Instagram is limiting how often we can ask for content. We will try again in about 19 minutes.',
    );
    expect(error.detail).toContain('Graph error 80002');
    clock.advance(19 * MINUTE - 1000);
    expect(await failure('tinyshop', 12, throttled)).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 1000,
    });
    // Only the throttled answer went out (it never reached the fake), and one budget permit.
    expect(fake.requests).toHaveLength(0);
    expect(budget.taken).toBe(1);
    clock.advance(1000);
    expect((await content('tinyshop', 12, throttled)).posts).toHaveLength(3);
    expect(fake.requests).toHaveLength(1);
  });

  it('pauses 15 minutes when the usage header is above 90 %, before Meta refuses', async () => {
    fake.setBehaviour({ businessUseCaseUsage: { call_count: 94, total_cputime: 10, total_time: 10 } });
    expect((await content('bluebottle', 12)).posts).toHaveLength(12);
    fake.setBehaviour({ businessUseCaseUsage: undefined });
    const error = await failure('tinyshop');
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 15 * MINUTE });
    expect(error.detail).toContain('X-Business-Use-Case-Usage at 94%');
    expect(fake.requests).toHaveLength(1);
    clock.advance(15 * MINUTE);
    expect((await content('tinyshop', 12)).posts).toHaveLength(3);
  });

  it('ignores usage at or below 90 % without an estimate', async () => {
    fake.setBehaviour({ businessUseCaseUsage: { call_count: 90, estimated_time_to_regain_access: 0 } });
    await content('tinyshop', 12);
    await content('tinyshop', 12);
    expect(fake.requests).toHaveLength(2);
  });

  it('a transient error (code 2) is "later" without a pause', async () => {
    fake.setBehaviour({ nextFaults: [{ kind: 'server_error', status: 400 }] });
    expect(await failure('bluebottle')).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram had a temporary problem. We will try again shortly.',
    });
    expect((await content('tinyshop', 12)).posts).toHaveLength(3);
  });
});

describe('GraphSource keeps the token secret', () => {
  const faults: FakeGraphFault[] = [
    { kind: 'not_business' },
    { kind: 'throttled', code: 4 },
    { kind: 'server_error' },
    { kind: 'invalid_json' },
    { kind: 'wrong_shape' },
    { kind: 'hang' },
  ];

  it.each(faults.map((f) => [f.kind, f] as const))('not in the %s failure', async (_kind, fault) => {
    fake.setBehaviour({ nextFaults: [fault] });
    const error = await failure('bluebottle');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('not even when the network error names the URL', async () => {
    const leaky = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: fake.baseUrl,
      fetch: ((input: string | URL | Request) =>
        Promise.reject(
          new TypeError(`fetch failed for ${String(input)}`, { cause: new Error(`bad ${TOKEN}`) }),
        )) as typeof fetch,
      budget,
      clock,
    });
    const error = await failure('bluebottle', 12, leaky);
    expect(error.kind).toBe('unavailable');
    expect(error.detail).toContain('[token]');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('not when Graph echoes it in an error message', async () => {
    const echoing = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: fake.baseUrl,
      fetch: (() =>
        Promise.resolve(
          Response.json(
            { error: { message: `Bad token ${TOKEN}`, type: 'OAuthException', code: 190 } },
            { status: 400 },
          ),
        )) as typeof fetch,
      budget,
      clock,
    });
    const error = await failure('bluebottle', 12, echoing);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });
});

describe('GraphSource configuration', () => {
  let other: FakeGraph;
  beforeAll(async () => {
    other = await startFakeGraph({ version: 'v26.0', igUserId: '42', accessToken: TOKEN });
  });
  afterAll(async () => {
    await other.close();
  });
  afterEach(() => {
    other.requests.length = 0;
  });

  it('uses the configured version, user id and a base URL with a trailing slash', async () => {
    const v26 = new GraphSource({
      token: TOKEN,
      igUserId: '42',
      version: 'v26.0',
      baseUrl: `${other.baseUrl}/`,
      fetch: globalThis.fetch,
      budget,
      clock,
    });
    expect((await content('tinyshop', 12, v26)).posts).toHaveLength(3);
    expect(other.requests[0]?.path).toBe('/v26.0/42');
  });

  it('names the Graph source and its capabilities', () => {
    expect(source.name).toBe('graph');
    expect(source.capabilities).toEqual({ highlights: false, stories: false });
  });
});
