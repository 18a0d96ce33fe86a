import { describe, expect, it } from 'vitest';
import { FAKE_IG_USER_ID } from '../testing/fake-graph.js';
import { loadFixtures } from '../testing/contracts/shape.js';
import { graphSourceFixture, TOKEN, MINUTE } from '../testing/graph-source-fixture.js';
import { GraphSource } from './graph.source.js';

// GraphSource keeping under Meta's rate limits: X-App-Usage and the Business Use Case limits.
const g = graphSourceFixture();
const { content, failure } = g;

describe('GraphSource and X-App-Usage', () => {
  it('answers, then backs off for 15 minutes when usage is above 90 %, then recovers', async () => {
    g.fake.setBehaviour({ appUsage: { call_count: 95, total_cputime: 10, total_time: 12 } });
    expect((await content('bluebottle', 12)).posts).toHaveLength(12);
    g.fake.setBehaviour({ appUsage: undefined });

    const error = await failure('tinyshop');
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 15 * MINUTE });
    expect(error.detail).toContain('X-App-Usage at 95%');
    g.clock.advance(10 * MINUTE);
    expect(await failure('tinyshop')).toMatchObject({ kind: 'rate_limited', retryAfterMs: 5 * MINUTE });
    expect(g.fake.requests).toHaveLength(1);

    g.clock.advance(5 * MINUTE);
    expect((await content('tinyshop', 12)).posts).toHaveLength(3);
    expect(g.fake.requests).toHaveLength(2);
  });

  it.each([{ total_cputime: 91 }, { total_time: 100 }])('watches every usage figure: %j', async (usage) => {
    g.fake.setBehaviour({ appUsage: usage });
    await content('tinyshop', 12);
    expect((await failure('tinyshop')).kind).toBe('rate_limited');
  });

  it('ignores usage at or below 90 % and a header it cannot read', async () => {
    g.fake.setBehaviour({ appUsage: { call_count: 90, total_cputime: 50, total_time: 20 } });
    await content('tinyshop', 12);
    await content('tinyshop', 12);
    const garbled = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: g.fake.baseUrl,
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const response = await globalThis.fetch(input, init);
        const headers = new Headers(response.headers);
        headers.set('x-app-usage', '{not json');
        return new Response(await response.text(), { status: response.status, headers });
      }) as typeof fetch,
      budget: g.budget,
      clock: g.clock,
    });
    await content('tinyshop', 12, garbled);
    await content('tinyshop', 12, garbled);
    expect(g.fake.requests).toHaveLength(4);
  });

  it('stops paging when usage turns high, keeping the newest posts', async () => {
    g.fake.setBehaviour({ appUsage: { call_count: 97 } });
    const { posts } = await content('bluebottle', 120);
    expect(posts).toHaveLength(50);
    expect(posts[0]?.id).toBe('17990000');
    expect(g.fake.requests).toHaveLength(1);
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
      baseUrl: g.fake.baseUrl,
      fetch: throttledOnce(),
      budget: g.budget,
      clock: g.clock,
    });
    const error = await failure('bluebottle', 12, throttled);
    // The docs' header says 19 minutes; our own table would have said 60.
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 19 * MINUTE });
    expect(error.message).toBe(
      'Instagram is limiting how often we can ask for content. We will try again in about 19 minutes.',
    );
    expect(error.detail).toContain('Graph error 80002');
    g.clock.advance(19 * MINUTE - 1000);
    expect(await failure('tinyshop', 12, throttled)).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 1000,
    });
    // Only the throttled answer went out (it never reached the g.fake), and one g.budget permit.
    expect(g.fake.requests).toHaveLength(0);
    expect(g.budget.taken).toBe(1);
    g.clock.advance(1000);
    expect((await content('tinyshop', 12, throttled)).posts).toHaveLength(3);
    expect(g.fake.requests).toHaveLength(1);
  });

  it('pauses 15 minutes when the usage header is above 90 %, before Meta refuses', async () => {
    g.fake.setBehaviour({ businessUseCaseUsage: { call_count: 94, total_cputime: 10, total_time: 10 } });
    expect((await content('bluebottle', 12)).posts).toHaveLength(12);
    g.fake.setBehaviour({ businessUseCaseUsage: undefined });
    const error = await failure('tinyshop');
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 15 * MINUTE });
    expect(error.detail).toContain('X-Business-Use-Case-Usage at 94%');
    expect(g.fake.requests).toHaveLength(1);
    g.clock.advance(15 * MINUTE);
    expect((await content('tinyshop', 12)).posts).toHaveLength(3);
  });

  it('ignores usage at or below 90 % without an estimate', async () => {
    g.fake.setBehaviour({ businessUseCaseUsage: { call_count: 90, estimated_time_to_regain_access: 0 } });
    await content('tinyshop', 12);
    await content('tinyshop', 12);
    expect(g.fake.requests).toHaveLength(2);
  });

  it('a transient error (code 2) is "later" without a pause', async () => {
    g.fake.setBehaviour({ nextFaults: [{ kind: 'server_error', status: 400 }] });
    expect(await failure('bluebottle')).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram had a temporary problem. We will try again shortly.',
    });
    expect((await content('tinyshop', 12)).posts).toHaveLength(3);
  });
});
