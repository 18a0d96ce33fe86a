import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZFacebookAccounts,
  ZFacebookMe,
  ZFacebookToken,
} from '../../integrations/facebook/facebook-login.schemas.js';
import { failureOf } from '../../instagram/instagram-login.client.js';
import { ZInstagramStoriesPage } from '../../instagram/instagram-login.schemas.js';
import { ZGraphErrorResponse } from '../../instagram/graph.schemas.js';
import { FAKE_FACEBOOK_APP, startFakeFacebook, type FakeFacebook } from '../fake-facebook.js';
import { fixturesOf, loadFixtures, shapeMismatches } from './shape.js';

const fixtures = loadFixtures('facebook');
const of = (endpoint: string) => fixturesOf(fixtures, endpoint);

describe('Facebook Login: our schemas read every documented body', () => {
  it.each(['code-exchange.docs', 'long-lived-token.docs'])('%s is a token with its lifetime', (name) => {
    expect(ZFacebookToken.parse(fixtures[name])).toMatchObject({ expires_in: 5183944 });
  });

  it('reads /me and both /me/accounts answers; a Page without Instagram has no account', () => {
    expect(ZFacebookMe.parse(fixtures['me.docs']).id).toBe('10158391938591234');
    const listed = ZFacebookAccounts.parse(fixtures['accounts.get-started']);
    expect(listed.data[0]?.instagram_business_account).toBeUndefined();
    const linked = ZFacebookAccounts.parse(fixtures['accounts.linked-instagram']);
    expect(linked.data.map((p) => p.instagram_business_account?.username)).toEqual([
      'metricsaurus',
      undefined,
    ]);
  });

  it('reads the stories page with the fields we ask for', () => {
    const page = ZInstagramStoriesPage.parse(fixtures['stories.fields']);
    expect(page.data.map((s) => s.media_type)).toEqual(['IMAGE', 'VIDEO']);
  });

  it('reads the errors: a dead token asks for a reconnect, 80002 is throttling', () => {
    for (const name of ['error.expired-token', 'error.throttled-buc'])
      expect(ZGraphErrorResponse.safeParse(fixtures[name]).success, name).toBe(true);
    expect(failureOf(400, fixtures['error.expired-token']).kind).toBe('invalid_token');
    expect(failureOf(400, fixtures['error.throttled-buc']).kind).toBe('rate_limited');
  });
});

describe('the fake Facebook answers only as documented', () => {
  let fb: FakeFacebook;
  beforeAll(async () => {
    fb = await startFakeFacebook({
      accounts: [
        {
          code: 'c1',
          fbUserId: '10158391938591234',
          pageId: '134895793791914',
          instagram: { id: '17841405822304914', username: 'metricsaurus', stories: 3 },
        },
      ],
      media: {
        image: 'https://scontent.cdninstagram.com/v/8_n.jpg',
        video: 'https://scontent.cdninstagram.com/o1/v/9_n.mp4',
      },
    });
  });
  afterAll(() => fb.close());

  const get = async (path: string, params: Record<string, string>) => {
    const url = new URL(path, fb.url);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return (await fetch(url)).json() as Promise<unknown>;
  };

  it('login, tokens, /me, /me/accounts, stories and errors keep to the fixtures', async () => {
    const app = { client_id: FAKE_FACEBOOK_APP.id, client_secret: FAKE_FACEBOOK_APP.secret };
    const problems: Record<string, string[]> = {};
    const short = await get('/v25.0/oauth/access_token', {
      ...app,
      redirect_uri: 'https://feed.example.com/api/facebook/callback',
      code: 'c1',
    });
    problems['code exchange'] = shapeMismatches(short, of('code-exchange'));
    const long = await get('/v25.0/oauth/access_token', {
      ...app,
      grant_type: 'fb_exchange_token',
      fb_exchange_token: ZFacebookToken.parse(short).access_token,
    });
    problems['long-lived'] = shapeMismatches(long, of('long-lived-token'));
    const token = ZFacebookToken.parse(long).access_token;
    problems['/me'] = shapeMismatches(
      await get('/v25.0/me', { fields: 'id,name', access_token: token }),
      of('me'),
    );
    problems['/me/accounts'] = shapeMismatches(
      await get('/v25.0/me/accounts', { access_token: token }),
      of('accounts'),
    );
    const stories = await get('/v25.0/17841405822304914/stories', { access_token: token });
    problems.stories = shapeMismatches(stories, of('stories'));
    expect(ZInstagramStoriesPage.parse(stories).data).toHaveLength(3);
    problems['dead token'] = shapeMismatches(await get('/v25.0/me', { access_token: 'nope' }), of('error'));
    fb.failWith = { code: 80002 };
    problems.throttled = shapeMismatches(await get('/v25.0/me', { access_token: token }), of('error'));
    fb.failWith = undefined;
    expect(problems).toEqual(Object.fromEntries(Object.keys(problems).map((k) => [k, []])));
  });

  it('catches a fake that drifts from the docs', () => {
    expect(shapeMismatches({ data: [{ id: '1', ig_account: { id: '2' } }] }, of('accounts'))).not.toEqual([]);
  });
});
