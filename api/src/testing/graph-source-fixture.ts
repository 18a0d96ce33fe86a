import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { FAKE_IG_USER_ID, startFakeGraph, type FakeGraph } from './fake-graph.js';
import { GraphSource } from '../instagram/graph.source.js';
import type { CallBudget, SourceContent, SourceFailure } from '../instagram/instagram.source.js';

export const TOKEN = 'EAAGsecretTOKENvalue123';
export const MINUTE = 60_000;

/** Counts permits; refuses with `refuseFor` ms while set. */
export class FakeBudget implements CallBudget {
  taken = 0;
  refuseFor: number | undefined;
  take() {
    if (this.refuseFor !== undefined)
      return Promise.resolve({ ok: false as const, retryAfterMs: this.refuseFor, reason: 'window' as const });
    this.taken++;
    return Promise.resolve({ ok: true as const });
  }
}

/**
 * GraphSource against the fake Graph API: the fake started once for the file, and before each test its
 * behaviour reset, a new clock, budget and source; `content` and `failure` read an account through it.
 */
export function graphSourceFixture() {
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

  return {
    get fake() {
      return fake;
    },
    get clock() {
      return clock;
    },
    get budget() {
      return budget;
    },
    get source() {
      return source;
    },
    content,
    failure,
  };
}
