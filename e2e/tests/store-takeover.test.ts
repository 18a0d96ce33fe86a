import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from '../src/harness.js';
import { startFakeSalla, startFakeZid } from '../../api/src/testing/fake-platforms.js';
import { signInThroughMailbox, useLanguage } from './dashboard-helpers.js';

const SALLA_SECRET = 'e2e-salla-webhook-secret';
const VICTIM = 'owner@victim-shop.sa';
const ZID_STORE = '990011';
const SALLA_STORE = 990022;
const ZMailbox = z.object({
  messages: z.array(z.object({ to: z.string(), subject: z.string(), link: z.string().nullable() })),
});
const SHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * Issue 13 item 1 end to end: someone installs the app on their own Zid and Salla stores with the e-mail of
 * an existing merchant. Their browser is never signed in, the merchant's account does not change, the
 * merchant sees the installs waiting on the dashboard, and only the merchant's e-mailed link links a store.
 */
describe('store installs naming an existing account', () => {
  let app: RunningApp;
  let browser: Browser;
  let salla: Awaited<ReturnType<typeof startFakeSalla>>;
  let zid: Awaited<ReturnType<typeof startFakeZid>>;
  const mailbox = async () =>
    ZMailbox.parse(await (await fetch(`${app.url}/api/dev/mailbox`)).json()).messages;

  beforeAll(async () => {
    salla = await startFakeSalla({
      users: {
        'mallory-salla': {
          email: VICTIM,
          name: 'Mallory',
          merchantId: SALLA_STORE,
          domain: 'https://m.salla.sa',
        },
      },
    });
    zid = await startFakeZid({ email: VICTIM, storeId: ZID_STORE, storeUrl: 'https://mallory.zid.store/' });
    app = await startApp({
      SALLA_WEBHOOK_SECRET: SALLA_SECRET,
      SALLA_ACCOUNTS_URL: salla.url,
      ZID_CLIENT_ID: 'zid-client',
      ZID_CLIENT_SECRET: 'zid-client-secret',
      ZID_OAUTH_URL: zid.url,
      ZID_API_URL: `${zid.url}/v1`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await salla?.close();
    await zid?.close();
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
          'x-salla-signature': createHmac('sha256', SALLA_SECRET).update(body).digest('hex'),
        },
        body,
      });
    };
    expect(
      (
        await send({
          event: 'app.store.authorize',
          merchant: SALLA_STORE,
          data: { access_token: 'mallory-salla', expires_in: 86_400 },
        })
      ).status,
    ).toBe(202);
    expect(
      (await send({ event: 'app.subscription.expired', merchant: SALLA_STORE, data: { item_type: 'plan' } }))
        .status,
    ).toBe(202);
    for (
      let i = 0;
      i < 50 && (await mailbox()).filter((m) => m.link?.includes('/link-store')).length < 2;
      i++
    )
      await new Promise((r) => setTimeout(r, 100));

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
    if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/pending-en.png`, fullPage: false });
    if (SHOTS) {
      await owner.page.evaluate(() => window.localStorage.setItem('lamha.language', 'ar'));
      await owner.page.reload();
      await owner.page.getByRole('status', { name: 'متجر بانتظار تأكيدك' }).waitFor({ timeout: 20_000 });
      await owner.page.screenshot({ path: `${SHOTS}/pending-ar.png`, fullPage: false });
      await owner.page.evaluate(() => window.localStorage.setItem('lamha.language', 'en'));
    }

    // The merchant recognises the Zid store as theirs after all and confirms it from the e-mail.
    const zidMail = (await mailbox()).find((m) => m.to === VICTIM && m.subject.includes('Zid Store'));
    expect(zidMail?.link).toMatch(/\/link-store\?token=/);
    await owner.page.goto(zidMail!.link!);
    await owner.page.getByRole('button', { name: 'Yes, link this store' }).waitFor();
    await expect(owner.page.getByText('https://mallory.zid.store/').count()).resolves.toBe(1);
    if (SHOTS) await owner.page.screenshot({ path: `${SHOTS}/confirm-en.png`, fullPage: false });
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
