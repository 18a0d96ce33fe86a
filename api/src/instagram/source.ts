import type { CachePort } from '../cache/cache.port.js';
import type { ApiEnv } from '../config/env.js';
import type { Clock } from '../lib/clock.js';
import { CacheCallBudget } from './call-budget.js';
import { DemoSource } from './demo.source.js';
import { GraphSource } from './graph.source.js';
import type { InstagramSource } from './instagram.source.js';

/** The variables that choose and configure the Instagram source (validated once, in config/env.ts). */
export type InstagramEnv = Pick<
  ApiEnv,
  'IG_GRAPH_TOKEN' | 'IG_GRAPH_USER_ID' | 'IG_GRAPH_VERSION' | 'IG_GRAPH_BASE_URL' | 'IG_CALLS_PER_HOUR'
>;

export interface InstagramSourceDeps {
  clock: Clock;
  /** Holds the Graph call budget, shared by every API and cron process; the demo source makes no calls. */
  cache: CachePort;
  /** Outside HTTP, injected so tests point at a fake. Defaults to the global fetch. */
  fetch?: typeof fetch;
}

/**
 * Instagram's Graph API (Business Discovery) when both IG_GRAPH_TOKEN and IG_GRAPH_USER_ID are set, the
 * demo source otherwise. (The environment schema refuses one without the other.)
 */
export function createInstagramSource(env: InstagramEnv, deps: InstagramSourceDeps): InstagramSource {
  if (env.IG_GRAPH_TOKEN && env.IG_GRAPH_USER_ID) {
    return new GraphSource({
      token: env.IG_GRAPH_TOKEN,
      igUserId: env.IG_GRAPH_USER_ID,
      version: env.IG_GRAPH_VERSION,
      baseUrl: env.IG_GRAPH_BASE_URL,
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      budget: new CacheCallBudget(
        deps.cache,
        deps.clock,
        `graph:${env.IG_GRAPH_USER_ID}`,
        env.IG_CALLS_PER_HOUR,
      ),
      clock: deps.clock,
    });
  }
  return new DemoSource({ clock: deps.clock });
}
