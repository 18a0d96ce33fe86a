import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZInstagramConnection, ZInstagramConnectResponse } from '@app/shared';
import { facebookConnections } from '../../db/schema.js';
import { databaseBackends } from '../../testing/backends.js';
import { FAKE_CDN_PATHS, startFakeCdn, type FakeCdn } from '../../testing/fake-cdn.js';
import { startFakeFacebook, type FakeFacebook } from '../../testing/fake-facebook.js';
import { openInstagramWorld, type InstagramWorld } from '../../testing/instagram-world.js';
import { signInForTest } from '../../testing/sign-in.js';
import { createTestRuntime } from '../../testing/runtime.js';
import type { Runtime } from '../../runtime.js';
import { startHttpServer, type RunningServer } from '../../server.js';
import { createServices, type Services } from '../../services.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SHOP = {
  code: 'fb-code-shop',
  fbUserId: '10158391938591234',
  pageId: '134895793791914',
  instagram: { id: '17841405822304914', username: 'stories.shop', stories: 0 },
};
const NO_INSTAGRAM = { code: 'fb-code-bare', fbUserId: '10158391938590000', pageId: '134895793790000' };

/**
 * Connect with Facebook (Facebook Login for Business) through the real HTTP path: our server → a stand-in
 * answering as Meta documents it; the Instagram account's stories, read with `/{ig-user-id}/stories`,
 * land in the archive; throttling leaves the connection alone, a dead token asks for a reconnect.
 */
describe.each(databaseBackends)('Connect with Facebook reads stories on $name', (backend) => {
  let cdn: FakeCdn;
  let fb: FakeFacebook;
  let w: InstagramWorld;
  beforeAll(async () => {
    cdn = await startFakeCdn();
    let now = () => new Date();
    fb = await startFakeFacebook({
      accounts: [SHOP, NO_INSTAGRAM],
      media: {
        image: `${cdn.baseUrl}${FAKE_CDN_PATHS.jpeg}`,
        video: `${cdn.baseUrl}${FAKE_CDN_PATHS.mp4}`,
      },
      now: () => now(),
    });
    w = await openInstagramWorld(backend, cdn, { accounts: [], env: fb.env });
    now = () => w.clock.now();
    // Stories taken in the last hours of the world's clock.
    for (let i = 0; i < 3; i++) {
      fb.addStory(SHOP.instagram.id);
      w.clock.advance(20 * MINUTE);
    }
  });
  afterAll(async () => {
    await w.close();
    await fb.close();
    await cdn.close();
  });

  const connect = async (call: (method: string, url: string) => Promise<Response>) => {
    const res = await call('POST', '/api/facebook/connect');
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const { url } = ZInstagramConnectResponse.parse(await res.json());
    const authorize = new URL(url);
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const done = await fetch(`${w.http.url}${back.pathname}${back.search}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    return { authorize, location: done.headers.get('location') };
  };

  it('connects, seals the long-lived user token, and archives the stories it reads', async () => {
    const merchant = await signInForTest(w.runtime, w.http.url, 'fb-stories@shop.sa');
    fb.consent = SHOP.code;
    const { authorize, location } = await connect(merchant.call);
    // The login window asks exactly what the stories reference needs.
    expect(authorize.searchParams.get('scope')).toBe(
      'instagram_basic,instagram_manage_insights,pages_show_list,pages_read_engagement',
    );
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(location).toBe('/dashboard?facebook=connected#highlights');

    const [row] = await w.runtime.database.db
      .select()
      .from(facebookConnections)
      .where(eq(facebookConnections.userId, merchant.userId));
    expect(row).toMatchObject({
      igUserId: SHOP.instagram.id,
      username: SHOP.instagram.username,
      status: 'active',
    });
    expect(row!.igIds).toEqual(expect.arrayContaining([SHOP.instagram.id, SHOP.fbUserId]));
    // Sealed: no Facebook token in the clear.
    expect(row!.accessTokenEnc).not.toMatch(/EAA/);
    expect(row!.tokenExpiresAt!.getTime() - w.clock.now().getTime()).toBe(5_183_944_000);

    const state = ZInstagramConnection.parse(
      await (await merchant.call('GET', '/api/facebook/connection')).json(),
    );
    expect(state).toMatchObject({ connected: true, username: 'stories.shop', status: 'active' });

    const summary = await w.services.stories.pollDue();
    expect(summary).toMatchObject({ polled: 1, archived: 3, failed: 0 });
    const archived = await w.repos.stories.listStories(merchant.userId);
    expect(archived).toHaveLength(3);
    const read = fb.requests.filter((r) => r.path === `/v25.0/${SHOP.instagram.id}/stories`);
    expect(read).toHaveLength(1);
    expect(read[0]!.params.fields).toBe('id,media_type,media_url,thumbnail_url,permalink,timestamp');

    // Read again once due: only the new story is archived.
    fb.addStory(SHOP.instagram.id);
    w.clock.advance(3 * 60 * MINUTE + 1);
    expect(await w.services.stories.pollDue()).toMatchObject({ archived: 1 });

    // Throttling (80002) and a temporary error leave the connection as it is.
    for (const code of [80002, 2]) {
      fb.failWith = { code };
      w.clock.advance(3 * 60 * MINUTE + 1);
      expect(await w.services.stories.pollDue(), `code ${code}`).toMatchObject({ failed: 1 });
      const [after] = await w.runtime.database.db
        .select({ status: facebookConnections.status })
        .from(facebookConnections)
        .where(eq(facebookConnections.userId, merchant.userId));
      expect(after!.status, `code ${code}`).toBe('active');
      fb.failWith = undefined;
      w.clock.advance(61 * MINUTE);
    }

    // 51 days on, the token is refreshed before it expires.
    w.clock.advance(51 * DAY);
    expect(await w.services.facebookConnect.refreshExpiringTokens()).toEqual({ refreshed: 1, failed: 0 });

    // The person removes the app on Facebook: the next read asks for a reconnect.
    fb.revoke(SHOP.fbUserId);
    w.clock.advance(3 * 60 * MINUTE + 1);
    await w.services.stories.pollDue();
    // (Read from the table: the merchant's sign-in from 51 days ago has long expired.)
    const [gone] = await w.runtime.database.db
      .select({ status: facebookConnections.status })
      .from(facebookConnections)
      .where(eq(facebookConnections.userId, merchant.userId));
    expect(gone!.status).toBe('needs_reconnect');
    // The archive keeps what it had.
    expect(await w.repos.stories.listStories(merchant.userId)).toHaveLength(4);
  });

  it('says plainly when no Page of the person has a linked Instagram account', async () => {
    const merchant = await signInForTest(w.runtime, w.http.url, 'fb-bare@shop.sa');
    fb.consent = NO_INSTAGRAM.code;
    expect((await connect(merchant.call)).location).toBe(
      '/dashboard?facebook=error&code=no_linked_instagram#highlights',
    );
    fb.consent = 'deny';
    expect((await connect(merchant.call)).location).toBe(
      '/dashboard?facebook=error&code=access_denied#highlights',
    );
  });
});

describe('Connect with Facebook through the dev consent page (no FACEBOOK_APP_ID)', () => {
  let runtime: Runtime;
  let http: RunningServer;
  let services: Services;
  beforeAll(async () => {
    runtime = await createTestRuntime();
    services = createServices(runtime, { random: () => 0.5 });
    http = await startHttpServer(runtime, { port: 0, host: '127.0.0.1', services });
  });
  afterAll(async () => {
    await http.close();
    await runtime.close();
  });

  it('picks a demo account on the Facebook dev page and lands on the Highlights tab connected', async () => {
    const merchant = await signInForTest(runtime, http.url, 'dev-fb@shop.sa');
    const res = await merchant.call('POST', '/api/facebook/connect');
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const consent = new URL(ZInstagramConnectResponse.parse(await res.json()).url);
    expect(consent.pathname).toBe('/dev/facebook/authorize');
    const page = await fetch(`${http.url}${consent.pathname}${consent.search}`);
    expect(await page.text()).toContain('Facebook Login for Business');
    const decide = new URL(`${http.url}/dev/facebook/decide`);
    decide.searchParams.set('redirect_uri', consent.searchParams.get('redirect_uri')!);
    decide.searchParams.set('state', consent.searchParams.get('state')!);
    decide.searchParams.set('username', 'lamha_store');
    const back = new URL((await fetch(decide, { redirect: 'manual' })).headers.get('location')!);
    expect(back.pathname).toBe('/api/facebook/callback');
    const done = await fetch(`${http.url}${back.pathname}${back.search}`, {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(done.headers.get('location')).toBe('/dashboard?facebook=connected#highlights');
    expect(
      ZInstagramConnection.parse(await (await merchant.call('GET', '/api/facebook/connection')).json()),
    ).toMatchObject({ connected: true, username: 'lamha_store', sample_content: true });
    // The Instagram Login connection is untouched: Facebook connects the story source only.
    expect(
      ZInstagramConnection.parse(await (await merchant.call('GET', '/api/instagram/connection')).json())
        .connected,
    ).toBe(false);
    expect((await services.stories.pollDue()).archived).toBeGreaterThan(0);
  });
});
