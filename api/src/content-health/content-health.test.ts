import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TIER_IDS, ZContentHealth } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import { devMailbox, instagramConnections } from '../db/schema.js';
import { startFakeCdn, type FakeCdn, SMALL_PHOTO } from '../testing/fake-cdn.js';
import { signInForTest } from '../testing/sign-in.js';
import { connectWithInstagram, openInstagramWorld, type InstagramWorld } from '../testing/instagram-world.js';
import { contentHealthOf } from './content-health.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHOP = {
  code: 'code-health',
  userId: '17841400000000201',
  username: 'health.shop',
  accountType: 'BUSINESS',
  posts: 3,
  stories: 0,
} as const;

describe('contentHealthOf', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  it('a refused connection needs reconnecting whatever the dates', () => {
    expect(
      contentHealthOf({
        connectionStatus: 'needs_reconnect',
        lastGoodRefresh: at(0),
        connectedAt: at(1),
        refreshHours: 3,
        now,
      }),
    ).toBe('needs_reconnect');
  });
  it('stale only past twice the plan interval, counted from the connection before a first refresh', () => {
    const of = (last: Date | null, connected: Date | null, refreshHours: number) =>
      contentHealthOf({
        connectionStatus: 'active',
        lastGoodRefresh: last,
        connectedAt: connected,
        refreshHours,
        now,
      });
    expect(of(at(6), at(100), 3)).toBe('ok');
    expect(of(at(6.01), at(100), 3)).toBe('stale');
    expect(of(at(11), at(100), 6)).toBe('ok');
    expect(of(at(13), at(100), 6)).toBe('stale');
    expect(of(null, at(2), 3)).toBe('ok');
    expect(of(null, at(7), 3)).toBe('stale');
    expect(of(null, null, 3)).toBe('ok');
  });
});

type World = InstagramWorld;

/** Signs in (again, as the clock moves past tokens' lives) and connects through the fake's authorize step. */
async function connected(w: World, email: string) {
  const signedIn = () => signInForTest(w.runtime, w.http.url, email);
  const first = await signedIn();
  await connectWithInstagram(w, first.call);
  const health = async () =>
    ZContentHealth.parse(await (await (await signedIn()).call('GET', '/api/merchant/content-health')).json());
  const refresh = async () => {
    const account = (await w.repos.accounts.findByUserId(first.userId))!;
    await w.repos.accounts.markDue(account.id, w.clock.now());
    return (await w.services.refresh.refreshDueAccounts()).find((o) => o.accountId === account.id);
  };
  const mails = async () =>
    (await w.runtime.database.db.select().from(devMailbox).where(eq(devMailbox.to, email))).filter(
      (m) => !m.subject.toLowerCase().includes('sign'),
    );
  const adminFlag = async () =>
    (await w.services.admin.listAccounts({ page: 1, page_size: 50 })).accounts.find(
      (a) => a.user_id === first.userId,
    )?.health;
  return { userId: first.userId, health, refresh, mails, adminFlag };
}

describe.each(databaseBackends)('token and content health on $name', (backend) => {
  let cdn: FakeCdn;
  beforeAll(async () => {
    cdn = await startFakeCdn({ photo: SMALL_PHOTO });
  });
  afterAll(async () => {
    await cdn.close();
  });
  const inWorld = (fn: (w: World) => Promise<void>) => async () => {
    const w = await openInstagramWorld(backend, cdn, { accounts: [SHOP] });
    try {
      await fn(w);
    } finally {
      await w.close();
    }
  };

  it(
    'a refused token: banner state, admin flag, one e-mail then at most one a week, reset by reconnecting',
    inWorld(async (w) => {
      const m = await connected(w, 'revoked@health.sa');
      expect(await m.refresh()).toMatchObject({ ok: true });
      expect(await m.health()).toMatchObject({ state: 'ok', refresh_hours: 3, login_connection: true });
      expect(await w.services.contentHealth.notifyUnhealthy()).toEqual({ sent: 0, cleared: 0 });

      w.ig.revoke(SHOP.userId);
      expect(await m.refresh()).toMatchObject({ ok: false });
      expect((await m.health()).state).toBe('needs_reconnect');
      expect(await m.adminFlag()).toBe('needs_reconnect');

      expect((await w.services.contentHealth.notifyUnhealthy()).sent).toBe(1);
      const [mail] = await m.mails();
      expect(mail).toMatchObject({ link: 'https://feed.example.com/dashboard#account' });
      // The merchant's language (Arabic by default).
      expect(mail!.subject).toBe('حساب إنستغرام في لمحة يحتاج إلى إعادة ربط');

      // Not again the same day, nor six days on; a week on, once more.
      expect((await w.services.contentHealth.notifyUnhealthy()).sent).toBe(0);
      w.clock.advance(6 * DAY);
      expect((await w.services.contentHealth.notifyUnhealthy()).sent).toBe(0);
      w.clock.advance(DAY + HOUR);
      expect((await w.services.contentHealth.notifyUnhealthy()).sent).toBe(1);
      expect(await m.mails()).toHaveLength(2);

      // Reconnecting clears it: healthy again, and the next problem is told at once.
      const again = await connected(w, 'revoked@health.sa');
      expect(await again.refresh()).toMatchObject({ ok: true });
      expect((await m.health()).state).toBe('ok');
      expect(await m.adminFlag()).toBe('ok');
      const [row] = await w.runtime.database.db
        .select()
        .from(instagramConnections)
        .where(eq(instagramConnections.userId, m.userId));
      expect(row?.healthNotifiedAt).toBeNull();
    }),
  );

  it(
    'stale content: past twice the plan interval (3 h on trial, 6 h on Basic); a good refresh clears the notice',
    inWorld(async (w) => {
      const m = await connected(w, 'stale@health.sa');
      expect(await m.refresh()).toMatchObject({ ok: true });
      const good = (await m.health()).last_good_refresh_at;

      // Instagram down for hours: refreshes fail, the store keeps the last good content.
      w.ig.failWith = { code: 4 };
      w.clock.advance(5 * HOUR);
      expect(await m.refresh()).toMatchObject({ ok: false });
      expect((await m.health()).state).toBe('ok');
      w.clock.advance(1.5 * HOUR);
      expect(await m.health()).toMatchObject({ state: 'stale', last_good_refresh_at: good });
      expect(await m.adminFlag()).toBe('stale');
      expect((await w.services.contentHealth.notifyUnhealthy()).sent).toBe(1);

      // Instagram back: a good refresh makes it healthy and forgets the notice.
      w.ig.failWith = undefined;
      expect(await m.refresh()).toMatchObject({ ok: true });
      expect((await m.health()).state).toBe('ok');
      expect(await w.services.contentHealth.notifyUnhealthy()).toEqual({ sent: 0, cleared: 1 });

      // On Basic (every 6 h) the same 6.5 h are not stale; 12 h are, and are told at once.
      await w.repos.subscriptions.replaceActive({
        userId: m.userId,
        tierId: TIER_IDS.basic,
        source: 'direct',
        startDate: w.clock.now(),
        endDate: new Date(w.clock.now().getTime() + 30 * DAY),
      });
      w.ig.failWith = { code: 4 };
      w.clock.advance(6.5 * HOUR);
      expect(await m.health()).toMatchObject({ state: 'ok', refresh_hours: 6 });
      expect((await w.services.contentHealth.notifyUnhealthy()).sent).toBe(0);
      w.clock.advance(6 * HOUR);
      expect((await m.health()).state).toBe('stale');
      expect((await w.services.contentHealth.notifyUnhealthy()).sent).toBe(1);
      expect(await m.mails()).toHaveLength(2);
    }),
  );
});
