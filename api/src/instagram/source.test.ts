import { describe, expect, it } from 'vitest';
import { MemoryCache } from '../cache/memory.cache.js';
import { loadApiEnv } from '../config/env.js';
import { ManualClock } from '../lib/clock.js';
import { FAKE_IG_USER_ID, startFakeGraph } from '../testing/fake-graph.js';
import { createInstagramSource, usernameSourceAvailable } from './source.js';

/** What production needs besides the Instagram variables (config/env.ts). */
const PRODUCTION = {
  BILLING: 'platform-only',
  AUTH_SECRET: 'q7N2vKx9TzL4pWm8RbY1cHd6JfG3sAe5',
  SMTP_URL: 'smtp://mail.example.com:587',
  APP_URL: 'https://feed.example.com',
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};
const deps = { clock: new ManualClock(), cache: new MemoryCache({ maxBytes: 64 * 1024 }) };

describe('createInstagramSource', () => {
  it('chooses the demo source without Graph credentials', () => {
    const source = createInstagramSource(loadApiEnv({}), deps);
    expect(source.name).toBe('demo');
    expect(source.capabilities).toEqual({ highlights: true, stories: true });
  });

  it('never makes up content in production without Business Discovery keys, unless DEMO_CONTENT=true', async () => {
    const loginOnly = {
      NODE_ENV: 'production',
      ...PRODUCTION,
      INSTAGRAM_APP_ID: '1234',
      INSTAGRAM_APP_SECRET: 's',
    };
    const source = createInstagramSource(loadApiEnv(loginOnly), deps);
    expect(source.name).toBe('none');
    const lookup = await source.lookupAccount('anyshop');
    expect(!lookup.ok && lookup.error.kind).toBe('unavailable');
    const content = await source.fetchContent('anyshop', { limit: 12, includeHighlights: true });
    expect(!content.ok && content.error.message).toMatch(/not available/);
    expect(usernameSourceAvailable(loadApiEnv(loginOnly))).toBe(false);
    const onPurpose = loadApiEnv({ ...loginOnly, DEMO_CONTENT: 'true' });
    expect(createInstagramSource(onPurpose, deps).name).toBe('demo');
    expect(usernameSourceAvailable(onPurpose)).toBe(true);
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
