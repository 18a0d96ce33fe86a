import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';
import { waitForMail } from '../src/mailbox.js';
import { SALLA_WEBHOOK_SECRET, TAKEOVER } from '../src/platforms.js';
import { signInThroughMailbox, useLanguage } from './dashboard-helpers.js';

// The fake Zid and Salla behind the run's app (src/platforms.ts) report these stores with the victim's e-mail.
const VICTIM = TAKEOVER.victim;
const ZID_STORE = TAKEOVER.zidStoreId;
const SALLA_STORE = TAKEOVER.sallaStoreId;

/**
 * Issue 13 item 1 end to end: someone installs the app on their own Zid and Salla stores with the e-mail of
 * an existing merchant. Their browser is never signed in, the merchant's account does not change, the
 * merchant sees the installs waiting on the dashboard, and only the merchant's e-mailed link links a store.
 */
describe('store installs naming an existing account', () => {
  const app = sharedApp();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('never signs the installer in, and links a store only when its owner confirms', async () => {
    // The merchant has had an account for a while.
    const owner = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await useLanguage(owner.page, 'en');
    await signInThroughMailbox(owner.page, app, VICTIM);

    // Someone installs the app on their Zid store, whose e-mail is the merchant's.
    const attacker = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await useLanguage(attacker.page, 'en');
    await attacker.page.goto(`${app.url}/api/integrations/zid/install`);
    await attacker.page.waitForURL('**/link-store?sent=zid');
    await attacker.page.getByRole('heading', { name: "Check the store owner's e-mail" }).waitFor();
    const attackerCookies = await attacker.context.cookies();
    expect(attackerCookies.map((c) => c.name)).not.toContain('lamha_refresh');
    await attacker.page.goto(`${app.url}/dashboard`);
    await attacker.page.waitForURL('**/login**');

    // …and on a Salla store; that store's subscription then ends.
    const send = (payload: unknown) => {
      const body = JSON.stringify(payload);
      return fetch(`${app.url}/api/integrations/salla/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-salla-signature': createHmac('sha256', SALLA_WEBHOOK_SECRET).update(body).digest('hex'),
        },
        body,
      });
    };
    expect(
      (
        await send({
          event: 'app.store.authorize',
          merchant: SALLA_STORE,
          data: { access_token: TAKEOVER.sallaAccessToken, expires_in: 86_400 },
        })
      ).status,
    ).toBe(202);
    expect(
      (await send({ event: 'app.subscription.expired', merchant: SALLA_STORE, data: { item_type: 'plan' } }))
        .status,
    ).toBe(202);
    const linkMails = await waitForMail(app, VICTIM, {
      where: (m) => m.link?.includes('/link-store') ?? false,
      count: 2,
      what: 'store-link e-mails',
    });

    // Neither store shows a widget: they are not linked to anyone.
    for (const [platform, id] of [
      ['zid', ZID_STORE],
      ['salla', String(SALLA_STORE)],
    ]) {
      const init = await fetch(`${app.url}/api/widget/init?store_id=${id}&platform=${platform}`);
      expect(((await init.json()) as { error: { code: string } }).error.code).toBe('widget_not_found');
    }

    // The merchant's dashboard lists both installs as waiting.
    await owner.page.reload();
    const notice = owner.page.getByRole('status', { name: 'A store is waiting for your confirmation' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.locator('li').count()).toBe(2);
    await expect(notice.textContent()).resolves.toContain('Zid Store on Zid');

    // The merchant recognises the Zid store as theirs after all and confirms it from the e-mail.
    const zidMail = linkMails.find((m) => m.subject.includes('Zid Store'));
    expect(zidMail?.link).toMatch(/\/link-store\?token=/);
    await owner.page.goto(zidMail!.link!);
    await owner.page.getByRole('button', { name: 'Yes, link this store' }).waitFor();
    await expect(owner.page.getByText('https://mallory.zid.store/').count()).resolves.toBe(1);
    await owner.page.getByRole('button', { name: 'Yes, link this store' }).click();
    await owner.page.getByText('The store is linked to your account.').waitFor();
    const linked = await fetch(`${app.url}/api/widget/init?store_id=${ZID_STORE}&platform=zid`);
    expect(((await linked.json()) as { error: { code: string } }).error.code).toBe('not_connected');
    // The link works once.
    await owner.page.goto(zidMail!.link!);
    await owner.page.getByText('This link has expired or has already been used.', { exact: false }).waitFor();

    expect(owner.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await owner.context.close();
    await attacker.context.close();
  });
});
