import { describe, expect, it } from 'vitest';
import { FAKE_IG_USER_ID, startFakeGraph, type FakeGraphFault } from '../testing/fake-graph.js';
import { graphSourceFixture, TOKEN, MINUTE } from '../testing/graph-source-fixture.js';
import { GraphSource } from './graph.source.js';

// How GraphSource reports what goes wrong, never with the token in it.
const g = graphSourceFixture();
const { content, failure } = g;

describe('GraphSource failures', () => {
  it.each(['personal_sara', 'nobody_at_all'])('%s → not_business, with how to fix it', async (username) => {
    const error = await failure(username);
    expect(error.kind).toBe('not_business');
    expect(error.message).toBe(
      'This Instagram account is not a business or creator account. Switch it to a professional account in the Instagram app, then try again.',
    );
    expect(error.detail).toContain('110/2207013');
    const lookup = await g.source.lookupAccount(username);
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
      g.fake.setBehaviour({ nextFaults: [{ kind: 'throttled', code }] });
      const error = await failure('bluebottle');
      expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: wait });
      expect(error.detail).toContain(`Graph error ${code}`);

      g.clock.advance(wait - 1000);
      const again = await failure('tinyshop');
      expect(again).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1000 });
      expect(g.fake.requests).toHaveLength(1);
      expect(g.budget.taken).toBe(1);

      g.clock.advance(1000);
      expect((await content('tinyshop', 12)).posts).toHaveLength(3);
      expect(g.fake.requests).toHaveLength(2);
    },
  );

  it.each([500, 503])('HTTP %i → unavailable, and the next call goes out', async (status) => {
    g.fake.setBehaviour({ nextFaults: [{ kind: 'server_error', status }] });
    const error = await failure('bluebottle');
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      `Instagram had a problem of its own (HTTP ${status}). We will try again shortly.`,
    );
    expect((await content('bluebottle', 12)).posts).toHaveLength(12);
  });

  it('a server that does not answer → unavailable after the timeout', async () => {
    g.fake.setBehaviour({ faultsByUsername: { bluebottle: { kind: 'hang' } } });
    const started = performance.now();
    const error = await failure('bluebottle');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram did not answer within 0.3 seconds. We will try again shortly.',
    });
  });

  it('invalid JSON → unavailable', async () => {
    g.fake.setBehaviour({ nextFaults: [{ kind: 'invalid_json' }] });
    expect(await failure('bluebottle')).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram answered with something that is not JSON. We will try again shortly.',
    });
  });

  it('JSON of the wrong shape → unavailable, naming the field', async () => {
    g.fake.setBehaviour({ nextFaults: [{ kind: 'wrong_shape' }] });
    const error = await failure('bluebottle');
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: 'Instagram answered in a shape we do not understand. We will try again shortly.',
    });
    expect(error.detail).toContain('business_discovery.');
  });

  it('a failure on a later page fails the whole fetch', async () => {
    g.fake.setBehaviour({ maxPageSize: 20 });
    // Page 1 goes through; the fault is queued just before page 2 leaves.
    const faultOnSecondPage = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: g.fake.baseUrl,
      fetch: ((input: string | URL | Request, init?: RequestInit) => {
        if (g.fake.requests.length === 1) g.fake.setBehaviour({ nextFaults: [{ kind: 'server_error' }] });
        return globalThis.fetch(input, init);
      }) as typeof fetch,
      budget: g.budget,
      clock: g.clock,
    });
    const error = await failure('bluebottle', 50, faultOnSecondPage);
    expect(error.kind).toBe('unavailable');
    expect(g.fake.requests.map((r) => r.fault)).toEqual([undefined, 'server_error']);
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
      budget: g.budget,
      clock: g.clock,
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
      baseUrl: g.fake.baseUrl,
      fetch: globalThis.fetch,
      budget: g.budget,
      clock: g.clock,
    });
    const error = await failure('bluebottle', 12, expired);
    expect(error.kind).toBe('unavailable');
    expect(error.detail).toContain('Graph error 190');
  });

  it('a refused g.budget → rate_limited with its wait, and no request', async () => {
    g.budget.refuseFor = 42_000;
    expect(await failure('bluebottle')).toMatchObject({ kind: 'rate_limited', retryAfterMs: 42_000 });
    const lookup = await g.source.lookupAccount('bluebottle');
    expect(!lookup.ok && lookup.error.retryAfterMs).toBe(42_000);
    expect(g.fake.requests).toHaveLength(0);
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
    g.fake.setBehaviour({ nextFaults: [fault] });
    const error = await failure('bluebottle');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('not even when the network error names the URL', async () => {
    const leaky = new GraphSource({
      token: TOKEN,
      igUserId: FAKE_IG_USER_ID,
      baseUrl: g.fake.baseUrl,
      fetch: ((input: string | URL | Request) =>
        Promise.reject(
          new TypeError(`fetch failed for ${String(input)}`, { cause: new Error(`bad ${TOKEN}`) }),
        )) as typeof fetch,
      budget: g.budget,
      clock: g.clock,
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
      baseUrl: g.fake.baseUrl,
      fetch: (() =>
        Promise.resolve(
          Response.json(
            { error: { message: `Bad token ${TOKEN}`, type: 'OAuthException', code: 190 } },
            { status: 400 },
          ),
        )) as typeof fetch,
      budget: g.budget,
      clock: g.clock,
    });
    const error = await failure('bluebottle', 12, echoing);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });
});
