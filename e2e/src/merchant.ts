import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { ZMerchant, ZSession, ZSettingsSaved, type TSession, type TWidgetSettings } from '@app/shared';
import type { BrowserContext } from 'playwright-core';
import type { AppUnderTest } from './harness.js';
import { signInLink } from './mailbox.js';
import { SALLA_WEBHOOK_SECRET } from './platforms.js';

/** Signs in through the API as a merchant would (magic link from the dev mailbox); returns the session. */
export async function signInByApi(app: AppUnderTest, email: string): Promise<TSession> {
  const since = new Date();
  const requested = await fetch(`${app.url}/api/auth/magic-link/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!requested.ok) throw new Error(`magic link request failed: ${requested.status}`);
  const link = await signInLink(app, email, since);
  const code = new URL(link).searchParams.get('code');
  if (!code) throw new Error(`the sign-in link for ${email} has no code: ${link}`);
  const token = await fetch(`${app.url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'magic_link', code }),
  });
  return ZSession.parse(await token.json());
}

/**
 * Signs a browser context in with a session as the e-mailed link leaves a browser: the refresh cookie and the
 * signed-in mark. No second magic link is asked for (one per address per minute is allowed).
 */
export async function signInContext(
  context: BrowserContext,
  app: AppUnderTest,
  session: TSession,
): Promise<void> {
  const { hostname } = new URL(app.url);
  await context.addCookies([
    {
      name: 'lamha_refresh',
      value: session.refresh_token ?? '',
      domain: hostname,
      path: '/api/auth',
      httpOnly: true,
    },
    { name: 'lamha_signed_in', value: '1', domain: hostname, path: '/' },
  ]);
}

/**
 * A merchant with a connected demo Instagram account whose content is ready (the demo source makes
 * sample content for any username). Returns the public widget key for the embed snippet.
 */
export async function seedMerchant(
  app: AppUnderTest,
  options: { email: string; username?: string; timeoutMs?: number },
): Promise<{ session: TSession; widgetKey: string }> {
  const session = await signInByApi(app, options.email);
  const auth = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const saved = await fetch(`${app.url}/api/merchant/account`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ instagram_username: options.username ?? 'lamha.demo.store' }),
  });
  if (!saved.ok) throw new Error(`connecting the account failed: ${saved.status} ${await saved.text()}`);
  const { public_widget_key: widgetKey } = z
    .object({ public_widget_key: z.string() })
    .parse(await saved.json());
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    const status = z
      .object({ widget_content_ready: z.boolean(), last_error: z.string().nullable() })
      .parse(await (await fetch(`${app.url}/api/merchant/content-status`, { headers: auth })).json());
    if (status.widget_content_ready) break;
    if (Date.now() > deadline)
      throw new Error(`content not ready in time (last error: ${status.last_error ?? 'none'})`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { session, widgetKey };
}

/**
 * Saves the merchant's widget settings through the API, as the dashboard's Save does: `change` gets the
 * settings saved now and returns the ones to save.
 */
export async function saveSettingsByApi(
  app: AppUnderTest,
  session: TSession,
  change: (saved: TWidgetSettings) => TWidgetSettings,
): Promise<void> {
  const auth = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
  const merchant = ZMerchant.parse(await (await fetch(`${app.url}/api/merchant`, { headers: auth })).json());
  const saved = await fetch(`${app.url}/api/merchant/settings`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ version: merchant.settings_version, settings: change(merchant.display_settings) }),
  });
  if (!saved.ok) throw new Error(`saving settings failed: ${saved.status} ${await saved.text()}`);
  ZSettingsSaved.parse(await saved.json());
}

/** GETs a merchant API path with the session's access token and returns its parsed JSON. */
export async function merchantGet(app: AppUnderTest, session: TSession, path: string): Promise<unknown> {
  const res = await fetch(`${app.url}${path}`, {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  if (!res.ok) throw new Error(`GET ${path} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The widget's public answer for a key, as a store page gets it now (the server's cache included): the
 * browser tests wait on it before reloading a store page, instead of reloading on a timer.
 */
export async function widgetInitText(app: AppUnderTest, widgetKey: string): Promise<string> {
  const res = await fetch(`${app.url}/api/widget/init?key=${encodeURIComponent(widgetKey)}`);
  return res.ok ? res.text() : '';
}

/**
 * Salla installs the app on a store as its Easy mode does: a signed `app.store.authorize` webhook with the
 * store's tokens. Answers the webhook's HTTP status (202 when taken).
 */
export async function installSallaByWebhook(
  app: AppUnderTest,
  store: { id: number; accessToken: string; scope: string },
): Promise<number> {
  const body = JSON.stringify({
    event: 'app.store.authorize',
    merchant: store.id,
    created_at: '2026-03-01 10:00:00',
    data: {
      access_token: store.accessToken,
      refresh_token: 'r',
      expires: Math.floor(Date.now() / 1000) + 86_400,
      scope: store.scope,
    },
  });
  const res = await fetch(`${app.url}/api/integrations/salla/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-salla-signature': createHmac('sha256', SALLA_WEBHOOK_SECRET).update(body).digest('hex'),
    },
    body,
  });
  return res.status;
}
