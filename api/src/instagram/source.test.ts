import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import { FAKE_IG_USER_ID, startFakeGraph } from '../testing/fake-graph.js';
import type { CallBudget } from './instagram.source.js';
import { createInstagramSource, ZInstagramEnv } from './source.js';

const budget: CallBudget = { take: () => Promise.resolve({ ok: true }) };
const deps = { clock: new ManualClock(), budget };

function issues(env: Record<string, string>): Record<string, string> {
  const result = ZInstagramEnv.safeParse(env);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ZInstagramEnv', () => {
  it('defaults to the demo source with the current Graph version', () => {
    expect(ZInstagramEnv.parse({})).toEqual({
      IG_GRAPH_TOKEN: undefined,
      IG_GRAPH_USER_ID: undefined,
      IG_GRAPH_VERSION: 'v25.0',
      IG_GRAPH_BASE_URL: 'https://graph.facebook.com',
    });
  });

  it('treats blank variables as unset', () => {
    expect(
      ZInstagramEnv.parse({
        IG_GRAPH_TOKEN: ' ',
        IG_GRAPH_USER_ID: '',
        IG_GRAPH_VERSION: '',
        IG_GRAPH_BASE_URL: '',
      }),
    ).toMatchObject({
      IG_GRAPH_TOKEN: undefined,
      IG_GRAPH_VERSION: 'v25.0',
      IG_GRAPH_BASE_URL: 'https://graph.facebook.com',
    });
  });

  it('reads a full Graph configuration', () => {
    expect(
      ZInstagramEnv.parse({
        IG_GRAPH_TOKEN: ' EAAG123 ',
        IG_GRAPH_USER_ID: '17841405309211844',
        IG_GRAPH_VERSION: 'v26.0',
        IG_GRAPH_BASE_URL: 'http://127.0.0.1:9999',
      }),
    ).toEqual({
      IG_GRAPH_TOKEN: 'EAAG123',
      IG_GRAPH_USER_ID: '17841405309211844',
      IG_GRAPH_VERSION: 'v26.0',
      IG_GRAPH_BASE_URL: 'http://127.0.0.1:9999',
    });
  });

  it('names each bad variable', () => {
    expect(issues({ IG_GRAPH_TOKEN: 'EAAG123' })).toEqual({
      IG_GRAPH_USER_ID: 'is required when IG_GRAPH_TOKEN is set',
    });
    expect(issues({ IG_GRAPH_USER_ID: '1784' })).toEqual({
      IG_GRAPH_TOKEN: 'is required when IG_GRAPH_USER_ID is set',
    });
    expect(issues({ IG_GRAPH_BASE_URL: 'graph.facebook.com' })).toEqual({
      IG_GRAPH_BASE_URL: 'must be a URL like https://graph.facebook.com',
    });
    expect(issues({ IG_GRAPH_BASE_URL: 'ftp://graph.facebook.com' })).toHaveProperty('IG_GRAPH_BASE_URL');
    expect(issues({ IG_GRAPH_VERSION: '25' })).toEqual({
      IG_GRAPH_VERSION: 'must be a Graph API version like v25.0',
    });
    expect(issues({ IG_GRAPH_TOKEN: 'x', IG_GRAPH_USER_ID: 'me' })).toHaveProperty('IG_GRAPH_USER_ID');
  });
});

describe('createInstagramSource', () => {
  it('chooses the demo source without Graph credentials', () => {
    const source = createInstagramSource(ZInstagramEnv.parse({}), deps);
    expect(source.name).toBe('demo');
    expect(source.capabilities).toEqual({ highlights: true, stories: true });
  });

  it('chooses the Graph source, configured from the environment, with both credentials', async () => {
    const fake = await startFakeGraph({ accessToken: 'EAAG123' });
    try {
      const env = ZInstagramEnv.parse({
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
