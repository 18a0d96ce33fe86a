/**
 * `npm run screenshots`: pictures of the product for people to look at (design review, the store listings),
 * not a test: it asserts nothing beyond each page getting to the state it pictures. Builds nothing: run
 * `npm run build` first. Starts the built app on its own (a fresh database), signs a merchant in per
 * language and width, and writes, in Arabic (right to left) and English, at phone and desktop widths:
 * the landing page, the about page and the Salla page (whole), the sign-in page, every dashboard tab, the
 * first-run style step, the settings' full-screen preview (as it opens, then with another layout chosen in
 * it), and a store page with the widget (the feed, the page, a post and a story open).
 *
 * The company's identity in the footers and on the about page shows when the COMPANY_* variables are set
 * where this runs (`COMPANY_LEGAL_NAME=… COMPANY_CR_NUMBER=… COMPANY_VAT_NUMBER=… npm run screenshots`):
 * they are passed on to the app, as are SUPPORT_*, SALLA_APP_URL and ZID_APP_URL.
 *
 * Files go to E2E_SCREENSHOT_DIR (default: <tmp>/lamha-screenshots) as <lang>-<width>-<screen>.png.
 * Every picture is taken once the page has settled (loaded, nothing in flight, pictures and fonts in,
 * animations over), never after a fixed pause.
 *
 * `npm run screenshots:marketing` (`--marketing`) also writes the landing page's product pictures, the store
 * page on a phone and the dashboard's settings on a desktop in each language, as optimised WebP files into
 * pwa/public/marketing/ (showcase-<store|dashboard>-<lang>.webp) to be committed: the landing page shows the
 * product as it really looks, with the demo source's sample account (@lamha.sample).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { messages, type TLanguage, type TOnboarding, type TSession } from '@app/shared';
import { launchBrowser, startApp, type RunningApp } from '../src/harness.js';
import { seedMerchant } from '../src/merchant.js';
import {
  DESKTOP,
  PHONE,
  serveFixtures,
  viewer,
  waitForFeed,
  waitForSettledWidget,
  widget,
  type FixtureServer,
} from '../src/widget-pages.js';

const OUT = process.env.E2E_SCREENSHOT_DIR ?? path.join(tmpdir(), 'lamha-screenshots');
const MARKETING = process.argv.includes('--marketing');
const MARKETING_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../pwa/public/marketing',
);
/**
 * The landing page's pictures: which screenshot, and the width it is stored at (twice the largest width the
 * page shows it at, for sharp text on 2x screens, and no more).
 */
const MARKETING_PICTURES = [
  { from: 'phone-store-feed', to: 'showcase-store', width: 600 },
  { from: 'desktop-dashboard-settings', to: 'showcase-dashboard', width: 1200 },
] as const;
const LANGUAGES: TLanguage[] = ['ar', 'en'];
const WIDTHS: Record<'phone' | 'desktop', BrowserContextOptions> = {
  phone: { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: DESKTOP },
};
/** The fixture store page for each language: the widget follows the store's language. */
const STORE_PAGE: Record<TLanguage, string> = { ar: 'store-ar-hostile.html', en: 'store-en.html' };
/** The server's public facts (see shared/src/public-config.ts) that change what the pages show. */
const PUBLIC_ENV = [
  'COMPANY_LEGAL_NAME',
  'COMPANY_CR_NUMBER',
  'COMPANY_VAT_NUMBER',
  'SUPPORT_WHATSAPP',
  'SUPPORT_CHAT_URL',
  'SALLA_APP_URL',
  'ZID_APP_URL',
] as const;
/** The layout the preview sheet is pictured with after the merchant's own (the default grid). */
const OTHER_LAYOUT = 'carousel';

/** A page that remembers which of its requests are still open, so "settled" can include the network. */
async function trackedPage(context: BrowserContext): Promise<{ page: Page; idle: () => Promise<void> }> {
  const page = await context.newPage();
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  const idle = async () => {
    const deadline = Date.now() + 30_000;
    while (open.size > 0) {
      if (Date.now() > deadline)
        throw new Error(`still waiting for ${[...open].map((r) => r.url()).join(', ')} after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { page, idle };
}

/** Loaded, fonts in, nothing in flight, every picture in view decoded and no finite animation running. */
async function settle(page: Page, idle: () => Promise<void>): Promise<void> {
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await idle();
  await page.waitForFunction(() => {
    const loading = [...document.images].filter((img) => {
      const r = img.getBoundingClientRect();
      const inView = r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
      return inView && !(img.complete && img.naturalWidth > 0);
    });
    const moving = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    return loading.length === 0 && !moving;
  });
  await waitForSettledWidget(page);
}

async function signedOutPages(
  browser: Browser,
  app: RunningApp,
  lang: TLanguage,
  width: keyof typeof WIDTHS,
) {
  const context = await browser.newContext(WIDTHS[width]);
  await context.addInitScript((value) => window.localStorage.setItem('lamha.language', value), lang);
  const { page, idle } = await trackedPage(context);
  const shots: string[] = [];
  const shot = async (name: string, fullPage = false) => {
    const file = path.join(OUT, `${lang}-${width}-${name}.png`);
    await page.screenshot({ path: file, fullPage });
    shots.push(file);
  };

  await page.goto(`${app.url}/`);
  await page.locator('h1').first().waitFor();
  // The app has taken the page over (its root effects ran) in the language asked for.
  await page.waitForFunction(
    (value) => history.scrollRestoration === 'manual' && document.documentElement.lang === value,
    lang,
  );
  await settle(page, idle);
  await shot('landing', true);

  for (const name of ['about', 'salla']) {
    await page.goto(`${app.url}/${name}`);
    await page.locator('h1').first().waitFor();
    await settle(page, idle);
    await shot(name, true);
  }

  await page.goto(`${app.url}/login`);
  await page.getByRole('button', { name: messages[lang]['login.submit'] }).waitFor();
  await settle(page, idle);
  await shot('login');
  await context.close();
  return shots;
}

/** Puts the merchant's first-run steps where `onboarding` says, as the dashboard's steps do. */
async function setOnboarding(app: RunningApp, session: TSession, onboarding: TOnboarding): Promise<void> {
  const res = await fetch(`${app.url}/api/merchant/onboarding`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(onboarding),
  });
  if (!res.ok) throw new Error(`saving the first-run steps failed: ${res.status} ${await res.text()}`);
}

async function signedInPages(
  browser: Browser,
  app: RunningApp,
  fixtures: FixtureServer,
  session: TSession,
  lang: TLanguage,
  width: keyof typeof WIDTHS,
) {
  const refreshToken = session.refresh_token;
  if (!refreshToken) throw new Error('the API did not hand out a refresh token');
  const context = await browser.newContext(WIDTHS[width]);
  await context.addInitScript((value) => window.localStorage.setItem('lamha.language', value), lang);
  // The session the API handed out, as the browser would hold it after following the e-mailed link.
  const { hostname } = new URL(app.url);
  await context.addCookies([
    { name: 'lamha_refresh', value: refreshToken, domain: hostname, path: '/api/auth', httpOnly: true },
    { name: 'lamha_signed_in', value: '1', domain: hostname, path: '/' },
  ]);
  const { page, idle } = await trackedPage(context);
  const shots: string[] = [];
  const shot = async (name: string) => {
    const file = path.join(OUT, `${lang}-${width}-${name}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
  };

  // Every tab the dashboard has (read from the page, so a new tab is pictured without changing this script).
  await page.goto(`${app.url}/dashboard`);
  await page.getByRole('tab').first().waitFor();
  const tabs = (await page.getByRole('tab').evaluateAll((all) => all.map((tab) => tab.id))).map((id) =>
    id.replace(/^tab-/, ''),
  );
  for (const tab of tabs) {
    await page.goto(`${app.url}/dashboard?tab=${tab}`);
    await page.locator(`#tab-${tab}[aria-selected="true"]`).waitFor();
    // The first panel is the tab's own; the install tab holds a panel per platform inside it.
    await page.getByRole('tabpanel').first().waitFor();
    await settle(page, idle);
    await shot(`dashboard-${tab}`);
  }

  // The first-run steps at their style step (the seeded merchant has none; a new one sees them first).
  await setOnboarding(app, session, { step: 'style', skipped: [], done: false });
  await page.goto(`${app.url}/dashboard?tab=settings`);
  const steps = page.getByTestId('onboarding');
  await steps.locator('[aria-current="step"]').waitFor();
  await steps.locator('[data-testid="preview-viewport"] lamha-feed').waitFor();
  await page.waitForFunction(() =>
    document
      .querySelector('[data-testid="onboarding"] [data-testid="preview-viewport"] lamha-feed')
      ?.shadowRoot?.querySelector('.grid .tile'),
  );
  await settle(page, idle);
  await shot('onboarding-style');
  await setOnboarding(app, session, { step: 'install', skipped: [], done: true });

  // The settings' full-screen preview, as it opens and after another layout is chosen in it.
  await page.goto(`${app.url}/dashboard?tab=settings`);
  await page.getByTestId('preview-full-screen').click();
  const sheet = page.getByTestId('preview-sheet');
  await sheet.locator('lamha-feed').waitFor();
  const sheetTiles = () =>
    page.waitForFunction(() =>
      document.querySelector('[data-testid="preview-sheet"] lamha-feed')?.shadowRoot?.querySelector('.tile'),
    );
  await sheetTiles();
  await settle(page, idle);
  await shot('dashboard-preview-sheet');
  // The choice's label, as a finger taps it (the radio itself is visually hidden under its picture).
  await sheet.getByText(messages[lang][`dashboard.display.layout.${OTHER_LAYOUT}`], { exact: true }).click();
  await sheet
    .getByRole('radio', { name: messages[lang][`dashboard.display.layout.${OTHER_LAYOUT}`] })
    .and(page.locator(':checked'))
    .waitFor();
  await sheetTiles();
  await settle(page, idle);
  await shot(`dashboard-preview-sheet-${OTHER_LAYOUT}`);
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });

  // A store page with the widget: the feed at the top of the window, then a post, then a story.
  await page.goto(`${fixtures.url}/${STORE_PAGE[lang]}`);
  await waitForFeed(page);
  const host = widget(page);
  await host.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await settle(page, idle);
  const feedFile = path.join(OUT, `${lang}-${width}-store-feed.png`);
  await host.screenshot({ path: feedFile });
  shots.push(feedFile);
  await shot('store-page');
  await host.locator('.tile').nth(1).click();
  await viewer(page).locator('[role=dialog] img, [role=dialog] video').first().waitFor();
  await settle(page, idle);
  await shot('store-post');
  await page.keyboard.press('Escape');
  await viewer(page).waitFor({ state: 'detached' });
  await host.locator('.hl button').first().click();
  await viewer(page).locator('.lv-stage img, .lv-stage video').first().waitFor();
  await settle(page, idle);
  await shot('store-story');
  await context.close();
  return shots;
}

mkdirSync(OUT, { recursive: true });
const app = await startApp(
  Object.fromEntries(PUBLIC_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
);
let browser: Browser | undefined;
let fixtures: FixtureServer | undefined;
try {
  browser = await launchBrowser();
  const combinations = LANGUAGES.flatMap((lang) =>
    (Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((width) => ({ lang, width })),
  );
  // One merchant per language and width: each browser holds its own session (a refresh token is single-use).
  const merchants = await Promise.all(
    combinations.map(({ lang, width }) =>
      seedMerchant(app, {
        email: `screenshots-${lang}-${width}@store.sa`,
        // The landing page's pictures name the account they show: a sample one, said to be one.
        username: MARKETING ? 'lamha.sample' : `lamha.demo.${lang}.${width}`,
        // Four demo accounts rendered at once on a shared machine can take minutes; nothing is timed here.
        timeoutMs: 600_000,
      }),
    ),
  );
  fixtures = await serveFixtures(app.url, merchants[0]!.widgetKey);
  const shots: string[] = [];
  for (const [i, { lang, width }] of combinations.entries()) {
    shots.push(...(await signedOutPages(browser, app, lang, width)));
    shots.push(...(await signedInPages(browser, app, fixtures, merchants[i]!.session, lang, width)));
  }
  console.log(
    `${shots.length} screenshots in ${OUT}:\n${shots.map((file) => `  ${path.basename(file)}`).join('\n')}`,
  );
  if (MARKETING) {
    for (const lang of LANGUAGES) {
      for (const picture of MARKETING_PICTURES) {
        const file = path.join(MARKETING_DIR, `${picture.to}-${lang}.webp`);
        const info = await sharp(path.join(OUT, `${lang}-${picture.from}.png`))
          .resize({ width: picture.width })
          .webp({ quality: 72, effort: 6 })
          .toFile(file);
        console.log(
          `  ${path.relative(process.cwd(), file)}: ${info.width}×${info.height}, ${info.size} bytes`,
        );
      }
    }
  }
} finally {
  await browser?.close();
  await fixtures?.close();
  await app.stop();
}
