import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '@app/shared';
import { databaseBackends } from '../testing/backends.js';
import type { Repositories, Services } from '../services.js';
import { openBillingWorld, type BillingWorld } from '../testing/billing-world.js';
import type { Runtime } from '../runtime.js';
import type { ManualClock } from '../lib/clock.js';
import type { DevMailbox } from '../mail/dev-mailbox.js';
import { billingNotices, instagramAccounts, instagramConnections, users } from '../db/schema.js';
import { PARKED_UNTIL } from './plan.js';

const MINUTE = 60_000;

/**
 * Issue 30 items 6 and 7: notices chosen by what is due and not yet sent (1,000 merchants in grace are all
 * told in one tick, however many were told before them), the e-mail when the widget goes silent, content
 * parked at expiry and resumed at payment, and each edge of grace a minute either side.
 */
describe.each(databaseBackends)('billing notices on $name', (backend) => {
  let runtime: Runtime;
  let clock: ManualClock;
  let services: Services;
  let repos: Repositories;
  let moyasar: BillingWorld['moyasar'];
  const mails = async (to: (address: string) => boolean) =>
    (await (runtime.mailer as DevMailbox).list(10_000)).filter((m) => to(m.to));

  let world: BillingWorld;

  beforeAll(async () => {
    world = await openBillingWorld(backend, 'notices');
    ({ runtime, clock, services, repos, moyasar } = world);
  });
  afterAll(() => world?.close());

  it('at each edge of grace, a minute either side: the grace e-mail, then the silent-widget e-mail, parked content, resumed at payment', async () => {
    const db = runtime.database.db;
    const end = new Date(clock.now().getTime() + 2 * DAY_MS);
    const [user] = await db
      .insert(users)
      .values({ email: 'edges@shop.sa', trialEndsAt: end, language: 'en' })
      .returning();
    if (!user) throw new Error('no user');
    const [account] = await db
      .insert(instagramAccounts)
      .values({ userId: user.id, instagramUsername: 'edges_store', publicWidgetKey: 'pk_edges_store_key' })
      .returning();
    await db.insert(instagramConnections).values({
      userId: user.id,
      igUserId: '17841400000000001',
      username: 'edges_store',
      accessTokenEnc: 'sealed',
      storiesPolledAt: clock.now(),
    });
    const edgeMails = () => mails((to) => to === 'edges@shop.sa');
    const at = async (ms: number) => {
      clock.advance(end.getTime() + ms - clock.now().getTime());
      await services.billing.runNotices();
      return (await edgeMails()).map((m) => m.subject);
    };
    const contentOf = async () => ({
      refresh: (await db.select().from(instagramAccounts).where(eq(instagramAccounts.userId, user.id)))[0]
        ?.nextRefreshAt,
      stories: (
        await db.select().from(instagramConnections).where(eq(instagramConnections.userId, user.id))
      )[0]?.storiesPolledAt,
    });

    expect((await at(-MINUTE)).filter((s) => /ended|silent|stopped/.test(s))).toHaveLength(0);
    const afterEnd = await at(MINUTE);
    expect(afterEnd.filter((s) => /has ended/.test(s))).toHaveLength(1);
    const lastGraceMinute = await at(3 * DAY_MS - MINUTE);
    expect(lastGraceMinute.filter((s) => /stopped showing/.test(s))).toHaveLength(0);
    expect((await contentOf()).refresh).not.toEqual(PARKED_UNTIL);

    const expired = await at(3 * DAY_MS + MINUTE);
    expect(expired.filter((s) => /stopped showing/.test(s))).toHaveLength(1);
    expect(await contentOf()).toEqual({ refresh: PARKED_UNTIL, stories: PARKED_UNTIL });
    // The refresh no longer claims it.
    const claimed = await repos.accounts.claimDue({
      now: clock.now(),
      leaseMs: MINUTE,
      limit: 100,
      workerId: 'test',
    });
    expect(claimed.map((a) => a.id)).not.toContain(account?.id);
    // Once only.
    await services.billing.runNotices();
    expect((await edgeMails()).filter((m) => /stopped showing/.test(m.subject))).toHaveLength(1);
    // Neither the merchant's manual refresh, nor an admin's, nor a bulk refresh un-parks it.
    const manual = await services.instagramAccount.requestRefresh(user.id);
    expect(manual.ok ? 'refreshed' : manual.error.code).toBe('refresh_needs_plan');
    const byAdmin = await services.instagramAccount.requestRefresh(user.id, { limited: false });
    expect(byAdmin.ok ? 'refreshed' : byAdmin.error.code).toBe('refresh_needs_plan');
    await services.admin.refreshAll();
    await repos.stories.markPollDue(user.id);
    expect(await repos.accounts.markDue(account?.id ?? '', clock.now())).toBe('running');
    expect(await contentOf()).toEqual({ refresh: PARKED_UNTIL, stories: PARKED_UNTIL });

    // A payment resumes both.
    const created = await services.billing.checkout(user, { tier: 'basic', period: 'monthly' });
    if (!created.ok) throw created.error;
    const invoice = [...moyasar.invoices.values()].find(
      (i) => i.metadata?.checkout_id === created.value.checkout_id,
    );
    await services.billing.confirmPayment(moyasar.pay(invoice?.id ?? ''));
    expect(await contentOf()).toEqual({ refresh: clock.now(), stories: null });
  });
  it('tells every one of 1,000 merchants in grace within one tick, behind 300 already told', async () => {
    const now = clock.now().getTime();
    const db = runtime.database.db;
    // 300 whose trials ended earlier and who were told already: a first batch by end date is all theirs.
    const told = await db
      .insert(users)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          email: `told-${i}@shop.sa`,
          trialEndsAt: new Date(now - 2 * DAY_MS - i * MINUTE),
        })),
      )
      .returning({ id: users.id, trialEndsAt: users.trialEndsAt });
    await db
      .insert(billingNotices)
      .values(told.map((u) => ({ userId: u.id, kind: 'grace' as const, periodEnd: u.trialEndsAt! })));
    await db.insert(users).values(
      Array.from({ length: 1_000 }, (_, i) => ({
        email: `grace-${i}@shop.sa`,
        trialEndsAt: new Date(now - DAY_MS - i * MINUTE),
      })),
    );

    const tick = await services.billing.runNotices();
    expect(tick.grace).toBe(1_000);
    const sent = await mails((to) => to.startsWith('grace-'));
    expect(new Set(sent.map((m) => m.to)).size).toBe(1_000);
    expect(await mails((to) => to.startsWith('told-'))).toHaveLength(0);
    // Nothing is due any more: a second tick sends nothing.
    expect(await services.billing.runNotices()).toEqual({ reminders: 0, grace: 0, expired: 0 });
  }, 180_000);
});
