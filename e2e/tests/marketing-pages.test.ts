import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { annualPrice, messages, MONTHLY_PRICE_SAR, type TMessageKey } from '@app/shared';
import { sharedApp } from '../src/app.js';
import { launchBrowser, newPage } from '../src/harness.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;

/** Every public marketing route and the heading it must show (product §2 route table). */
const ROUTES: [string, TMessageKey][] = [
  ['/', 'page.landingTitle'],
  ['/about', 'page.aboutTitle'],
  ['/support', 'page.supportTitle'],
  ['/terms', 'page.termsTitle'],
  ['/TermsPage', 'page.termsTitle'],
  ['/faq', 'page.faqTitle'],
  ['/salla', 'page.sallaTitle'],
];

/** axe's own script, as a string to inject into the page under test. */
const axeSource = axe.source;

async function h1(page: Page): Promise<string> {
  const heading = page.locator('h1').first();
  await heading.waitFor();
  return (await heading.innerText()).trim();
}

/** Links that go nowhere: `href="#"`, empty or missing targets. */
function deadLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('a')]
      .filter((a) => {
        const href = a.getAttribute('href');
        return href === null || href.trim() === '' || href.trim() === '#';
      })
      .map((a) => a.outerHTML.slice(0, 120)),
  );
}

describe('marketing site', () => {
  const app = sharedApp();
  let browser: Browser;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string, options: Parameters<Browser['newContext']>[0] = DESKTOP) {
    const opened = await newPage(browser, options);
    const response = await opened.page.goto(`${app.url}${path}`, { waitUntil: 'networkidle' });
    return {
      ...opened,
      response,
      done: async () => {
        consoleErrors.push(...opened.errors.map((error) => `${path}: ${error}`));
        await opened.context.close();
      },
    };
  }

  it.each(ROUTES)(
    '%s answers and renders in Arabic (rtl) and, after the switch, in English (ltr)',
    async (path, titleKey) => {
      const { page, response, done } = await open(path);
      expect(response?.status()).toBe(200);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      expect(await page.locator('html').getAttribute('lang')).toBe('ar');
      expect(await h1(page)).toBe(messages.ar[titleKey]);
      const arabicTitle = await page.title();
      const arabicDescription = await page.locator('meta[name="description"]').getAttribute('content');
      expect(arabicTitle).toMatch(/لمحة/);
      expect(arabicDescription?.length).toBeGreaterThan(50);

      await page.getByRole('button', { name: 'تغيير اللغة إلى English' }).first().click();
      await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await h1(page)).toBe(messages.en[titleKey]);
      await expect.poll(() => page.title()).toMatch(/Lamha/);
      expect(await page.title()).not.toBe(arabicTitle);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe(
        arabicDescription,
      );

      expect(await deadLinks(page)).toEqual([]);
      await done();
    },
  );

  it('serves / already rendered, and the app takes the page over without building it again', async () => {
    // Without any script: the whole landing page is in the HTML, in Arabic; other routes get the shell.
    const html = await (await fetch(`${app.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('data-prerendered="/"');
    expect(html).toContain(messages.ar['page.landingTitle']);
    expect(html).toContain(`data-price="pro"`);
    expect(html).toContain('id="pricing"');
    // Our CSP allows no inline script: nothing in the page may depend on one.
    // (a JSON data block, the public configuration, is data: it never runs and CSP does not govern it)
    expect(html.match(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>/g) ?? []).toEqual([]);
    const shell = await (await fetch(`${app.url}/faq`, { headers: { accept: 'text/html' } })).text();
    expect(shell).not.toContain('data-prerendered');
    expect(shell).not.toContain(messages.ar['page.landingTitle']);

    // Elements as the HTML built them, before any script ran.
    const opened = await newPage(browser, PHONE);
    await opened.page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { fromHtml: Element[] }).fromHtml = [...document.querySelectorAll('#root *')];
      });
    });
    await opened.page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
    // The pricing toggle answers: React has taken the page over …
    await opened.page.locator('#pricing').scrollIntoViewIfNeeded();
    await opened.page.locator('label', { has: opened.page.locator('input[value="annual"]') }).click();
    await expect
      .poll(() => opened.page.locator('[data-price="pro"]').innerText())
      .toBe(annualPrice(MONTHLY_PRICE_SAR.pro).toLocaleString('en-US'));
    // … and kept every element the HTML had.
    const kept = await opened.page.evaluate(() => {
      const fromHtml = (window as unknown as { fromHtml: Element[] }).fromHtml;
      return { total: fromHtml.length, replaced: fromHtml.filter((element) => !element.isConnected).length };
    });
    expect(kept.total).toBeGreaterThan(300);
    expect(kept.replaced).toBe(0);
    consoleErrors.push(...opened.errors.map((error) => `/ (hydrated): ${error}`));
    await opened.context.close();
  });

  it("installs the service worker from the app's pages, not from the marketing pages", async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP);
    const inFlight = new Set<Request>();
    const workerRequests: string[] = [];
    page.on('request', (request) => {
      inFlight.add(request);
      if (/\/sw\.js$|\/workbox-window[^/]*\.js$/.test(request.url())) workerRequests.push(request.url());
    });
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    await page.goto(`${app.url}/`);
    await h1(page);
    // Settled, so "not registered" is the app's decision and not a check made too early: the load event has
    // fired (registration waits for it), the app's root effects have run (useScrollRestoration's sets
    // scrollRestoration; PwaChrome's, which decides about the service worker, runs before it in the same
    // commit), and every request the page made has finished (workbox-window is fetched on demand).
    await page.waitForFunction(
      () => document.readyState === 'complete' && history.scrollRestoration === 'manual',
    );
    await expect.poll(() => inFlight.size).toBe(0);
    const registered = () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
    expect(workerRequests).toEqual([]);
    expect(await registered()).toBe(false);
    await page.getByRole('link', { name: messages.ar['nav.login'] }).first().click();
    await expect.poll(registered, { timeout: 10_000 }).toBe(true);
    consoleErrors.push(...errors.map((error) => `/ (service worker): ${error}`));
    await context.close();
  });

  it('shows / without React Router, which comes for the sign-in page; Back and Forward cross over', async () => {
    const { page, context, errors } = await newPage(browser, DESKTOP);
    const routerRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(react-router|boot)-[\w-]+\.js$/.test(request.url())) routerRequests.push(request.url());
    });
    await page.goto(`${app.url}/`, { waitUntil: 'networkidle' });
    // Taken over by React (its root effects have run), and moving within the page, without the router.
    await page.waitForFunction(() => history.scrollRestoration === 'manual');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: messages.ar['nav.pricing'] }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#pricing');
    expect(routerRequests).toEqual([]);

    // Pointing at a link to another page brings the router; following it shows that page.
    const login = banner.getByRole('link', { name: messages.ar['nav.login'] });
    await login.hover();
    await expect.poll(() => routerRequests.length).toBe(2);
    await login.click();
    await page.getByRole('button', { name: messages.ar['login.submit'] }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.goBack();
    await expect.poll(() => h1(page)).toBe(messages.ar['page.landingTitle']);
    expect(new URL(page.url()).hash).toBe('#pricing');
    await page.goForward();
    await page.getByRole('button', { name: messages.ar['login.submit'] }).waitFor();
    // The top bar's home link leads back to the landing page, now within the routed app.
    await banner.getByRole('link', { name: messages.ar['nav.home'] }).click();
    await expect.poll(() => h1(page)).toBe(messages.ar['page.landingTitle']);
    expect(new URL(page.url()).pathname).toBe('/');
    consoleErrors.push(...errors.map((error) => `/ (to /login and back): ${error}`));
    await context.close();
  });

  it('goes back to where the visitor was on the previous page, and starts new pages at the top', async () => {
    const { page, done } = await open('/faq', PHONE);
    await h1(page);
    const aboutLink = page.locator('footer').getByRole('link', { name: messages.ar['footer.aboutUs'] });
    await aboutLink.scrollIntoViewIfNeeded();
    const where = await page.evaluate(() => Math.round(window.scrollY));
    expect(where).toBeGreaterThan(500);
    await aboutLink.click();
    await expect.poll(() => h1(page)).toBe(messages.ar['page.aboutTitle']);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => h1(page)).toBe(messages.ar['page.faqTitle']);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(where);
    await done();
  });

  it('tells search engines and link previews about each page', async () => {
    const { page, done } = await open('/faq');
    await h1(page);
    const head = await page.evaluate(() => ({
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      alternates: [...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map(
        (link) => `${link.hreflang} ${link.href}`,
      ),
      ogImage: document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content,
      ogTitle: document.querySelector<HTMLMetaElement>('meta[property="og:title"]')?.content,
    }));
    expect(head.canonical).toBe(`${app.url}/faq`);
    expect(head.alternates.sort()).toEqual(
      [`ar ${app.url}/faq?lang=ar`, `en ${app.url}/faq?lang=en`, `x-default ${app.url}/faq`].sort(),
    );
    expect(head.ogTitle).toBe(`${messages.ar['page.faqTitle']} | لمحة`);
    expect(head.ogImage).toBe(`${app.url}/og-image.png`);
    const image = await fetch(head.ogImage!);
    expect(image.headers.get('content-type')).toBe('image/png');
    await done();

    // An hreflang address opens the page in its language.
    const english = await open('/faq?lang=en');
    expect(await h1(english.page)).toBe(messages.en['page.faqTitle']);
    expect(await english.page.locator('html').getAttribute('dir')).toBe('ltr');
    await english.done();

    const sitemap = await fetch(`${app.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain('hreflang="en"');
    const robots = await fetch(`${app.url}/robots.txt`);
    expect(await robots.text()).toMatch(/Sitemap: https:\/\/\S+\/sitemap\.xml/);
  });

  it('switches the prices to the annual ones (round(12 × monthly × 0.84)) with "Save 16%"', async () => {
    const { page, done } = await open('/');
    await page.evaluate(() => localStorage.setItem('lamha.language', 'en'));
    await page.reload({ waitUntil: 'networkidle' });
    // Sections below the first screen are laid out when they come near it (content-visibility), as here.
    await page.locator('#pricing').scrollIntoViewIfNeeded();
    const price = (plan: string) => page.locator(`[data-price="${plan}"]`).innerText();
    await expect.poll(() => price('basic')).toBe(String(MONTHLY_PRICE_SAR.basic));
    expect(await price('pro')).toBe(String(MONTHLY_PRICE_SAR.pro));
    expect(await page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    await expect.poll(() => page.locator('[data-plan="pro"]').innerText()).toContain('Most Popular');

    await page.getByText('Save 16%').click();
    expect(await page.getByRole('radio', { name: /Annual/ }).isChecked()).toBe(true);
    expect(await price('basic')).toBe(annualPrice(MONTHLY_PRICE_SAR.basic).toLocaleString('en-US'));
    expect(await price('pro')).toBe(annualPrice(MONTHLY_PRICE_SAR.pro).toLocaleString('en-US'));
    expect(await price('basic')).toBe('595');
    expect(await price('pro')).toBe('1,200');
    expect(await page.locator('[data-plan="basic"]').innerText()).toContain('SAR / year');
    await done();
  });

  it('scrolls to the section named in the address, and to the one a nav link names', async () => {
    const { page, done } = await open('/#pricing', PHONE);
    const topOf = (id: string) =>
      page.evaluate((target) => document.getElementById(target)!.getBoundingClientRect().top, id);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeGreaterThan(1000);
    // The glide may pass the spot while sections below the fold are laid out; where it comes to rest counts.
    const restsNear = async (id: string) => {
      const top = await topOf(id);
      return top >= 0 && top < 120 ? 'near' : top;
    };
    await expect.poll(() => restsNear('pricing'), { timeout: 5000 }).toBe('near');

    await page.goto(`${app.url}/about`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const menu = page.locator('#site-mobile-menu');
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'المميزات' }).click();
    // The phone menu closes after a link …
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(new URL(page.url()).hash).toBe('#features');
    await expect.poll(() => restsNear('features'), { timeout: 5000 }).toBe('near');

    // … and after a language change.
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole('button', { name: 'تغيير اللغة إلى English' }).click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    // The English messages load on demand; the page turns once they are in.
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('ltr');
    await done();
  });

  it('opens the terms at the privacy policy from the footer link', async () => {
    const { page, done } = await open('/faq');
    await page.getByRole('contentinfo').getByRole('link', { name: 'سياسة الخصوصية' }).click();
    await expect
      .poll(() => page.evaluate(() => new URL(location.href).pathname + location.hash))
      .toBe('/terms#privacy-policy');
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              document.getElementById('privacy-policy')?.getBoundingClientRect().top ??
              Number.POSITIVE_INFINITY,
          ),
        { timeout: 5000 },
      )
      .toBeLessThan(140);
    expect(
      await page.evaluate(() => document.getElementById('privacy-policy')!.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(0);
    expect(await page.locator('#terms-of-service').count()).toBe(1);
    expect(await page.locator('#terms-of-service ol > li').count()).toBe(9);
    expect(await page.locator('#privacy-policy ol > li').count()).toBe(8);
    await done();
  });

  it('answers FAQ questions in disclosure widgets that open with the keyboard', async () => {
    const { page, done } = await open('/faq');
    const first = page.locator('details').first();
    expect(await first.getAttribute('open')).toBeNull();
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('open')).not.toBeNull();
    expect(await page.locator('details').count()).toBe(12);
    await done();
  });

  it('forwards sign-in links that land on the home page to /auth/callback', async () => {
    const { page, errors, done } = await open('/#access_token=not-a-token&refresh_token=nope');
    // The callback page cannot use these tokens and says so on /login: proof they went through it.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/login');
    expect(new URL(page.url()).searchParams.get('error')).toBe('missing_tokens');
    await page.goto(`${app.url}/?code=unknown-code`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => new URL(page.url()).searchParams.get('error'), { timeout: 10_000 })
      .toBe('code_exchange_error');
    // The refused code is logged by the browser (HTTP 400): expected here, not a marketing-page error.
    errors.length = 0;
    await done();
  });

  it('shows "Loading Page..." while /salla loads; without a Salla listing its install button explains adding the widget by hand', async () => {
    const { page, context, done } = await open('/about');
    await context.route(/\/assets\/SallaLandingPage-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.evaluate(() => localStorage.setItem('lamha.language', 'en'));
    await page.goto(`${app.url}/salla`);
    await page.getByText('Loading Page...').waitFor({ timeout: 5000 });
    const install = page.getByRole('link', { name: /Install on Salla/ }).first();
    await install.waitFor();
    // This app runs without SALLA_APP_URL: never the Salla App Store in general, but our own page.
    expect(await install.getAttribute('href')).toBe('/install/salla');
    await install.click();
    await page.getByRole('heading', { level: 1, name: 'Add Lamha to your Salla store' }).waitFor();
    await done();
  });

  it.each(['/', '/login', '/faq'])(
    'axe finds no serious or critical accessibility violation on %s',
    async (path) => {
      const { page, done } = await open(path, { ...PHONE, bypassCSP: true });
      await page.locator('h1').first().waitFor();
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                options: object,
              ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe;
        const result = await axe.run({ resultTypes: ['violations'] });
        return result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
      });
      expect(violations).toEqual([]);
      await done();
    },
  );

  it('logged no console errors on any page', () => {
    expect(consoleErrors).toEqual([]);
  });
});
