import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMetaSignedRequest } from '@app/shared';
import {
  failureOf,
  HttpInstagramLogin,
  ME_FIELDS,
  profileOf,
} from '../../instagram/instagram-login.client.js';
import {
  ZCodeExchangeAnswer,
  ZInstagramMe,
  ZInstagramMediaPage,
  ZInstagramStoriesPage,
  ZLongLivedToken,
} from '../../instagram/instagram-login.schemas.js';
import { businessDiscoveryFields } from '../../instagram/graph.source.js';
import {
  ZBusinessDiscoveryResponse,
  ZBusinessUseCaseUsage,
  ZGraphAppUsage,
  ZGraphErrorResponse,
} from '../../instagram/graph.schemas.js';
import { parseJsonKeepingBigIntegers } from '../../lib/json-big-integers.js';
import { startFakeGraph, FAKE_IG_USER_ID, type FakeGraph } from '../fake-graph.js';
import { FAKE_INSTAGRAM_APP, startFakeInstagram, type FakeInstagram } from '../fake-instagram.js';
import { fixturesOf, loadFixtures, shapeMismatches } from './shape.js';

const fixtures = loadFixtures('instagram');
const of = (endpoint: string) => fixturesOf(fixtures, endpoint);
const names = (prefix: string) => Object.keys(fixtures).filter((n) => n.startsWith(`${prefix}.`));
const raw = (name: string) => readFileSync(new URL(`./instagram/${name}.json`, import.meta.url), 'utf8');
/** The reference page's id: beyond 2^53 (though, being even, a double happens to hold it exactly). */
const BIG_ID = '17841405793187218';
/** An odd id beyond 2^53: JSON.parse reads it as …220, someone else. */
const ODD_BIG_ID = '17841405793187219';

describe('Instagram: our schemas read every documented body', () => {
  it.each(names('code-exchange'))('%s gives a token and the id with every digit', (name) => {
    const answer = ZCodeExchangeAnswer.parse(parseJsonKeepingBigIntegers(raw(name)));
    expect(answer.access_token).toMatch(/\.\.\.$/);
    if (name === 'code-exchange.reference') {
      expect(answer.user_id).toBe(BIG_ID);
      expect(Number.isSafeInteger(Number(BIG_ID))).toBe(false);
    }
  });

  it.each(['long-lived-token.docs', 'refresh-token.docs'])('%s is a long-lived token', (name) => {
    expect(ZLongLivedToken.parse(fixtures[name]).expires_in).toBe(5183944);
  });

  it('reads /me flat, wrapped in data, or with only its app-scoped id', () => {
    const wrapped = profileOf(ZInstagramMe.parse(fixtures['me.get-started']));
    expect(wrapped).toMatchObject({ externalId: '17841401234567890', username: 'jaypos' });
    const full = profileOf(ZInstagramMe.parse(fixtures['me.fields']));
    expect(full).toMatchObject({ externalId: '17841401234567890', accountType: 'BUSINESS', mediaCount: 214 });
    expect(full.ids).toEqual(['17841401234567890', '8123456789012345']);
    const idOnly = profileOf(ZInstagramMe.parse(fixtures['me.user-reference']));
    expect(idOnly).toMatchObject({ externalId: '17841405793187218', ids: ['17841405793187218'] });
  });

  it('reads a media page, the reel without media_url included', () => {
    const page = ZInstagramMediaPage.parse(fixtures['media.docs']);
    expect(page.data.map((m) => m.media_type)).toEqual(['CAROUSEL_ALBUM', 'VIDEO', 'IMAGE']);
    expect(page.data[1]?.media_url).toBeUndefined();
    expect(page.data[1]?.thumbnail_url).toMatch(/^https:/);
    expect(page.data[0]?.children?.data).toHaveLength(2);
    expect(page.paging?.cursors?.after).toBe('QVFIUmlkWm');
  });

  it('reads the stories page; a video story without media_url is archived as its thumbnail', async () => {
    expect(ZInstagramStoriesPage.parse(fixtures['stories.docs']).data).toHaveLength(2);
    const page = structuredClone(fixtures['stories.docs']) as { data: Record<string, unknown>[] };
    delete page.data[1]!.media_url;
    const login = new HttpInstagramLogin({
      appId: '1',
      appSecret: 's',
      authorizeUrl: 'https://www.instagram.com/oauth/authorize',
      apiUrl: 'https://api.instagram.com',
      graphUrl: 'https://graph.instagram.com',
      version: 'v25.0',
      fetch: () => Promise.resolve(new Response(JSON.stringify(page), { status: 200 })),
    });
    const stories = await login.stories('token');
    expect(stories.ok && stories.value.map((st) => [st.mediaType, st.mediaUrl])).toEqual([
      ['IMAGE', 'https://scontent.cdninstagram.com/v/8_n.jpg?oe=6A1B2C3D'],
      ['IMAGE', 'https://scontent.cdninstagram.com/v/10_n.jpg?oe=6A1B2C3D'],
    ]);
  });

  it('reads the Business Discovery answer', () => {
    const answer = ZBusinessDiscoveryResponse.parse(fixtures['business-discovery.reference']);
    expect(answer.business_discovery.media?.data[1]?.media_url).toBeUndefined();
  });

  it.each(names('error'))('%s is a Graph error', (name) => {
    expect(ZGraphErrorResponse.parse(fixtures[name]).error.code).toBeGreaterThan(0);
  });

  it('tells a dead token (reconnect) from the rest', () => {
    expect(failureOf(400, fixtures['error.expired-token']).kind).toBe('invalid_token');
    expect(failureOf(400, fixtures['error.throttled-app']).kind).toBe('rate_limited');
    expect(failureOf(400, fixtures['error.throttled-buc']).kind).toBe('rate_limited');
    expect(failureOf(400, fixtures['error.transient']).kind).toBe('unavailable');
    expect(failureOf(400, fixtures['code-exchange-error.docs']).kind).toBe('rejected');
  });

  it('reads the X-App-Usage and X-Business-Use-Case-Usage headers', () => {
    expect(ZGraphAppUsage.parse(fixtures['header-app-usage.docs']).call_count).toBe(28);
    const buc = ZBusinessUseCaseUsage.parse(fixtures['header-buc-usage.docs']);
    expect(Object.values(buc).flat()[0]).toMatchObject({
      call_count: 100,
      estimated_time_to_regain_access: 19,
    });
  });

  it.each(names('signed-request'))('%s names the user with every digit', (name) => {
    const request = ZMetaSignedRequest.parse(parseJsonKeepingBigIntegers(raw(name)));
    expect(request.user_id).toBe(name.endsWith('numeric-user-id') ? BIG_ID : '218471');
  });
});

describe('Instagram: the fakes answer only documented shapes', () => {
  let ig: FakeInstagram;
  let graph: FakeGraph;
  const account = {
    code: 'code-contract',
    userId: ODD_BIG_ID,
    username: 'contract.shop',
    accountType: 'BUSINESS' as const,
    posts: 7,
    stories: 3,
  };

  beforeAll(async () => {
    ig = await startFakeInstagram({ cdnUrl: 'http://127.0.0.1:9', accounts: [account] });
    graph = await startFakeGraph();
  });
  afterAll(async () => {
    await ig.close();
    await graph.close();
  });

  const get = async (path: string, params: Record<string, string>) => {
    const url = new URL(path, ig.url);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url);
    return { res, text: await res.text() };
  };
  const exchange = async (code = account.code) => {
    const res = await fetch(`${ig.url}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: FAKE_INSTAGRAM_APP.id,
        client_secret: FAKE_INSTAGRAM_APP.secret,
        grant_type: 'authorization_code',
        redirect_uri: 'https://feed.example.com/api/instagram/callback',
        code,
      }),
    });
    return res.text();
  };

  it('login, tokens, /me, media, stories and refresh keep to the fixtures', async () => {
    const problems: Record<string, string[]> = {};
    const check = (label: string, text: string, endpoint: string, options = {}) => {
      problems[label] = shapeMismatches(JSON.parse(text), of(endpoint), options);
    };

    let short = '';
    for (const shape of ['reference', 'business-login'] as const) {
      ig.codeExchangeShape = shape;
      const text = await exchange();
      check(`code exchange (${shape})`, text, 'code-exchange');
      const answer = ZCodeExchangeAnswer.parse(parseJsonKeepingBigIntegers(text));
      expect(answer.user_id, shape).toBe(ODD_BIG_ID);
      if (shape === 'reference')
        expect(String((JSON.parse(text) as { user_id: number }).user_id)).toBe('17841405793187220');
      short = answer.access_token;
    }
    const long = await get('/access_token', {
      grant_type: 'ig_exchange_token',
      client_secret: FAKE_INSTAGRAM_APP.secret,
      access_token: short,
    });
    check('long-lived exchange', long.text, 'long-lived-token');
    const token = ZLongLivedToken.parse(JSON.parse(long.text)).access_token;

    // The Get Started page shows the wrapped answer to `user_id,username`; the User reference the fields.
    for (const [shape, fields] of [
      ['wrapped', 'user_id,username'],
      ['flat', 'user_id,username'],
      ['flat', ME_FIELDS],
    ] as const) {
      ig.meShape = shape;
      const me = await get('/v25.0/me', { fields, access_token: token });
      check(`/me (${shape}, ${fields})`, me.text, 'me');
      expect(profileOf(ZInstagramMe.parse(JSON.parse(me.text))).externalId).toBe(ODD_BIG_ID);
    }

    ig.licensedAudioReels = true;
    const media = await get('/v25.0/me/media', { limit: '10', access_token: token });
    check('/me/media', media.text, 'media');
    const reel = ZInstagramMediaPage.parse(JSON.parse(media.text)).data.find((m) => m.media_type === 'VIDEO');
    expect(reel?.media_url).toBeUndefined();
    expect(reel?.thumbnail_url).toMatch(/^http:/);

    const stories = await get('/v25.0/me/stories', { access_token: token });
    check('/me/stories', stories.text, 'stories');

    ig.usage = {
      app: { call_count: 28, total_time: 25, total_cputime: 25 },
      account: { call_count: 30, total_cputime: 5, total_time: 5, estimated_time_to_regain_access: 0 },
    };
    const refreshed = await get('/refresh_access_token', {
      grant_type: 'ig_refresh_token',
      access_token: token,
    });
    check('refresh', refreshed.text, 'refresh-token');
    problems['X-App-Usage'] = shapeMismatches(
      JSON.parse(refreshed.res.headers.get('x-app-usage') ?? '"missing"'),
      of('header-app-usage'),
    );
    // Keyed by the business object's id, whatever it is.
    problems['X-Business-Use-Case-Usage'] = shapeMismatches(
      JSON.parse(refreshed.res.headers.get('x-business-use-case-usage') ?? '"missing"'),
      of('header-buc-usage'),
      { freeKeys: ['$'] },
    );
    ig.usage = undefined;

    for (const code of [190, 10, 4, 17, 32, 613, 80002, 1, 2]) {
      ig.failWith = { code };
      const failed = await get('/v25.0/me', { fields: 'user_id', access_token: token });
      check(`error ${code}`, failed.text, 'error');
    }
    ig.failWith = undefined;
    check('code exchange refused', await exchange('a-used-code'), 'code-exchange-error');

    expect(Object.fromEntries(Object.entries(problems).filter(([, p]) => p.length > 0))).toEqual({});
  });

  it('Business Discovery, its paging and its errors keep to the fixtures', async () => {
    const ask = async (fields: string) => {
      const url = new URL(`${graph.baseUrl}/v25.0/${FAKE_IG_USER_ID}`);
      url.searchParams.set('fields', fields);
      url.searchParams.set('access_token', 'any');
      return (await fetch(url)).json() as Promise<unknown>;
    };
    const page = await ask(businessDiscoveryFields('bluebottle', { limit: 5 }));
    expect(shapeMismatches(page, of('business-discovery'))).toEqual([]);
    const personal = await ask(businessDiscoveryFields('personal_sara'));
    expect(shapeMismatches(personal, of('error'))).toEqual([]);
    graph.setBehaviour({ nextFaults: [{ kind: 'throttled', code: 4 }, { kind: 'server_error' }] });
    for (let i = 0; i < 2; i++)
      expect(shapeMismatches(await ask(businessDiscoveryFields('bluebottle')), of('error'))).toEqual([]);
  });

  it('catches a fake that drifts from the docs', () => {
    // What our first fake's code exchange answered: the id as a number inside `data`, which no source shows.
    const drifted = {
      data: [{ access_token: 'IGQ', user_id: 17841405793187218, permissions: ['instagram_business_basic'] }],
    };
    expect(shapeMismatches(drifted, of('code-exchange'))).toEqual([
      'data[].user_id: number, the fixtures show string',
      'data[].permissions: array, the fixtures show string',
      'data[].permissions[]: not in any fixture',
    ]);
    // A /me that invents a field.
    expect(shapeMismatches({ user_id: '1', username: 'x', is_verified: true }, of('me'))).toEqual([
      'is_verified: not in any fixture',
    ]);
  });
});
