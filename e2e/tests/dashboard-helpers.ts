import type { Page } from 'playwright-core';
import { ZSession, type TSession } from '@app/shared';
import type { AppUnderTest } from '../src/harness.js';
import { signInLink } from '../src/mailbox.js';

/** Signs in as a merchant does: the magic-link form, then the link from the dev mailbox, in this page. */
export async function signInThroughMailbox(page: Page, app: AppUnderTest, email: string): Promise<void> {
  const since = new Date();
  await page.goto(`${app.url}/login`);
  await page.fill('input[type=email]', email);
  await page.click('button[type=submit]');
  await page.waitForURL('**/auth/check-email');
  await page.goto(await signInLink(app, email, since));
  await page.waitForURL('**/dashboard**', { timeout: 20_000 });
}

/**
 * A session of the merchant this page is signed in as, for the test's own API calls (has the background work
 * happened yet?): the page's refresh cookie is exchanged as the dashboard does on reload, through the page's
 * cookie jar, so the page goes on with the rotated cookie.
 */
export async function pageSession(page: Page, app: AppUnderTest): Promise<TSession> {
  const res = await page.request.post(`${app.url}/api/auth/token`, {
    data: { grant_type: 'refresh_token', transport: 'cookie' },
  });
  if (!res.ok()) throw new Error(`refreshing the page's session failed: ${res.status()} ${await res.text()}`);
  return ZSession.parse(await res.json());
}

/** Connects a (demo) Instagram username from the account tab and waits until the content is ready. */
export async function connectUsername(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Instagram username').fill(`@${username} `);
  // The account form's own Save (a first-run store step may show another).
  await page
    .locator('form', { has: page.getByLabel('Instagram username') })
    .getByRole('button', { name: 'Save', exact: true })
    .click();
  await page.getByText('Account updated successfully').first().waitFor();
  // The dashboard reads readiness 5 s and 25 s after the background refresh (product §9). A first refresh
  // encodes every picture, which on a busy machine takes longer than that; a merchant would then reload
  // the page, which reads the merchant afresh. So: the timed checks first, then reloads, up to 2 minutes.
  const ready = page.getByText('Content ready').first();
  const deadline = Date.now() + 120_000;
  for (let wait = 30_000; ; wait = 15_000) {
    try {
      await ready.waitFor({ timeout: Math.max(1, Math.min(wait, deadline - Date.now())) });
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await page.reload();
  }
}

/** Sets the interface language before the app starts (the choice the language switch remembers). */
export async function useLanguage(page: Page, lang: 'ar' | 'en'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('lamha.language', value), lang);
}

/** What a rendered widget shows, read from inside its shadow root (the first one under `scope`). */
export async function widgetLook(
  page: Page,
  scope: string,
): Promise<{ title: string | null; primary: string; columns: string } | null> {
  return page.evaluate((selector) => {
    const host = document.querySelector(`${selector} lamha-feed`);
    const root = host?.shadowRoot;
    const rootDiv = root?.querySelector<HTMLElement>('.root');
    // While loading, the placeholders (.sk) carry the same class names (.title, .grid) as the content.
    if (!host || !root || !rootDiv || root.querySelector('.sk')) return null;
    return {
      title: root.querySelector('.title')?.textContent?.trim() ?? null,
      primary: getComputedStyle(host).getPropertyValue('--lw-primary').trim(),
      columns: rootDiv.style.getPropertyValue('--lw-cols').trim(),
    };
  }, scope);
}

/** A store page on its own origin: the fixture with the merchant's snippet pasted before </body>. */
export async function serveStorePage(snippet: string): Promise<{ url: string; close: () => Promise<void> }> {
  const { readFile } = await import('node:fs/promises');
  const { createServer } = await import('node:http');
  const template = await readFile(new URL('../fixtures/dashboard-store.html', import.meta.url), 'utf8');
  const html = template.replace('{{SNIPPET}}', snippet);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
