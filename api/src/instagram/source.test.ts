import { describe, expect, it } from 'vitest';
import { MemoryCache } from '../cache/memory.cache.js';
import { loadApiEnv } from '../config/env.js';
import { ManualClock } from '../lib/clock.js';
import { FAKE_IG_USER_ID, startFakeGraph } from '../testing/fake-graph.js';
import { createInstagramSource } from './source.js';

const deps = { clock: new ManualClock(), cache: new MemoryCache({ maxBytes: 64 * 1024 }) };

describe('createInstagramSource', () => {
  it('chooses the demo source without Graph credentials', () => {
    const source = createInstagramSource(loadApiEnv({}), deps);
    expect(source.name).toBe('demo');
    expect(source.capabilities).toEqual({ highlights: true, stories: true });
  });

  it('chooses the Graph source, configured from the environment, with both credentials', async () => {
    const fake = await startFakeGraph({ accessToken: 'EAAG123' });
    try {
      const env = loadApiEnv({
        IG_GRAPH_TOKEN: 'EAAG123',
        IG_GRAPH_USER_ID: FAKE_IG_USER_ID,
        IG_GRAPH_BASE_URL: fake.baseUrl,
      });
      const source = createInstagramSource(env, { ...deps, fetch: globalThis.fetch });
      expect(source.name).toBe('graph');
      const profile = await source.lookupAccount('tinyshop');
      expect(profile.ok && profile.value.name).toBe('Tiny Shop');
      expect(fake.requests[0]?.path).toBe(`/v25.0/${FAKE_IG_USER_ID}`);
    } finally {
      await fake.close();
    }
  });
});
