import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZDataDeletionAnswer, type TWidgetInit } from '@app/shared';
import { instagramConnections } from '../db/schema.js';
import { databaseBackends } from '../testing/backends.js';
import { startFakeCdn, type FakeCdn, SMALL_PHOTO } from '../testing/fake-cdn.js';
import { appScopedId, FAKE_INSTAGRAM_APP } from '../testing/fake-instagram.js';
import { connectWithInstagram, openInstagramWorld, type InstagramWorld } from '../testing/instagram-world.js';
import { signInForTest } from '../testing/sign-in.js';

/**
 * Instagram as Meta documents it, through the real HTTP path: our server → a stand-in answering with the
 * documented shapes (the code exchange's bare big-number `user_id`, the wrapped `/me`), then Meta's
 * deauthorize and data-deletion requests naming the person by either id the login gave.
 */
const SHOP = {
  code: 'code-documented',
  // Odd and beyond 2^53: JSON.parse would read it as someone else's id.
  userId: '17841405793187219',
  username: 'documented.shop',
  accountType: 'BUSINESS',
  posts: 6,
  stories: 0,
} as const;
const OTHER = {
  ...SHOP,
  code: 'code-documented-2',
  userId: '17841405793187221',
  username: 'other.documented',
};

/** A signed request whose payload is written as given (so a bare big number keeps its digits). */
function signedRequest(payloadJson: string) {
  const body = Buffer.from(payloadJson).toString('base64url');
  return `${createHmac('sha256', FAKE_INSTAGRAM_APP.secret).update(body).digest('base64url')}.${body}`;
}

describe.each(databaseBackends)('Instagram as documented, end to end on $name', (backend) => {
  let cdn: FakeCdn;
  let w: InstagramWorld;
  beforeAll(async () => {
    cdn = await startFakeCdn({ photo: SMALL_PHOTO });
    w = await openInstagramWorld(backend, cdn, { accounts: [SHOP, OTHER] });
    // The shapes the docs show that our first fake never sent.
    w.ig.meShape = 'wrapped';
    w.ig.codeExchangeShape = 'reference';
    w.ig.licensedAudioReels = true;
  });
  afterAll(async () => {
    await w.close();
    await cdn.close();
  });

  const nowS = () => Math.floor(w.clock.now().getTime() / 1000);
  const post = (path: string, signed: string) =>
    fetch(`${w.http.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
  const connectionOf = async (userId: string) =>
    (
      await w.runtime.database.db
        .select()
        .from(instagramConnections)
        .where(eq(instagramConnections.userId, userId))
    )[0];
  const connect = async (email: string, code: string) => {
    const merchant = await signInForTest(w.runtime, w.http.url, email);
    w.ig.consent = code;
    await connectWithInstagram(w, merchant.call);
    return merchant;
  };

  it('connects with the wrapped /me, keeps every id the login gave, and shows reels without media_url', async () => {
    const merchant = await connect('documented@shop.sa', SHOP.code);
    const row = await connectionOf(merchant.userId);
    expect(row).toMatchObject({ igUserId: SHOP.userId, username: SHOP.username, status: 'active' });
    expect([...row!.igIds].sort()).toEqual([SHOP.userId, appScopedId(SHOP)].sort());

    // Connecting makes the account due; the refresh (ours or the one the connect woke) fills the widget.
    const account = (await w.repos.accounts.findByUserId(merchant.userId))!;
    const feedOf = async () => {
      const stored = await w.repos.snapshots.findByWidgetKey(account.publicWidgetKey);
      return stored ? (JSON.parse(stored.body) as TWidgetInit).data.content.feed : [];
    };
    for (let i = 0; i < 200 && (await feedOf()).length < SHOP.posts; i++) {
      await w.services.refresh.refreshDueAccounts();
      await new Promise((r) => setTimeout(r, 25));
    }
    const feed = await feedOf();
    expect(feed).toHaveLength(SHOP.posts);
    // The licensed-audio reel (posts 4, 9…): its thumbnail as a poster, no video file, and its permalink.
    const reel = feed.find((p) => p.media_type === 'VIDEO');
    expect(reel).toBeDefined();
    expect(reel!.media.image.renditions.length).toBeGreaterThan(0);
    expect(reel!.media.video).toBeUndefined();
    expect(reel!.source_url).toMatch(/^https:\/\/www\.instagram\.com\/p\/FAKE\d+\/$/);
  });

  it('deauthorize names the person by the app-scoped id as a bare big number: that connection, and only it', async () => {
    const merchant = await connect('deauth@shop.sa', OTHER.code);
    const other = await connect('untouched@shop.sa', SHOP.code);
    const id = appScopedId(OTHER);
    // What a plain JSON.parse would have matched instead: a rounded id, nobody's.
    const rounded = String(JSON.parse(id) as number);
    expect(rounded).not.toBe(id);
    const res = await post(
      '/api/instagram/deauthorize',
      signedRequest(`{"algorithm":"HMAC-SHA256","issued_at":${nowS()},"user_id":${id}}`),
    );
    expect(res.status).toBe(200);
    expect(await connectionOf(merchant.userId)).toMatchObject({
      status: 'needs_reconnect',
      accessTokenEnc: null,
    });
    expect((await connectionOf(other.userId))?.status).toBe('active');
  });

  it('data deletion by either id removes that account and says so; an unknown id is told the truth', async () => {
    const merchant = await connect('delete@shop.sa', OTHER.code);
    expect((await connectionOf(merchant.userId))?.igIds).toContain(appScopedId(OTHER));
    const deleted = await post(
      '/api/instagram/data-deletion',
      signedRequest(
        JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: nowS(), user_id: appScopedId(OTHER) }),
      ),
    );
    expect(deleted.status).toBe(200);
    const answer = ZDataDeletionAnswer.parse(await deleted.json());
    expect(await connectionOf(merchant.userId)).toBeUndefined();
    expect(await w.repos.accounts.findByUserId(merchant.userId)).toBeUndefined();
    const page = await (
      await fetch(`${w.http.url}/api/instagram/data-deletion/status?code=${answer.confirmation_code}`)
    ).text();
    expect(page).toContain('Your data was deleted');
    expect(page).not.toContain('data-accounts="0"');

    const nobody = await post(
      '/api/instagram/data-deletion',
      signedRequest(`{"algorithm":"HMAC-SHA256","issued_at":${nowS()},"user_id":"99999999999"}`),
    );
    const none = ZDataDeletionAnswer.parse(await nobody.json());
    const nonePage = await (
      await fetch(`${w.http.url}/api/instagram/data-deletion/status?code=${none.confirmation_code}`)
    ).text();
    expect(nonePage).toContain('We held no data for this account');
    expect(nonePage).not.toContain('Your data was deleted');
  });
});
