import type { TLanguage } from '../schemas/common.js';
import type { TMessageKey } from './en.js';

/**
 * The catalogue in pieces, for a web app that loads only the copy a page shows (the landing page's budget).
 * `ar`, `en` and `messages` stay the whole catalogues for everyone else.
 *
 * - The site messages of one language (core, app-wide PWA bits, marketing site): every page of the site.
 * - The feature parts (dashboard, admin, Salla page, the static pages, the sign-in pages), both languages at
 *   once: with their pages.
 */
export type TMessageSet = Readonly<Partial<Record<TMessageKey, string>>>;
export type TMessagePart = 'dashboard' | 'admin' | 'salla' | 'pages' | 'auth';

export function loadSiteMessages(lang: TLanguage): Promise<TMessageSet> {
  return lang === 'ar'
    ? Promise.all([
        import('./core.ar.js'),
        import('./features/pwa.js'),
        import('./features/landing.ar.js'),
      ]).then(([core, pwa, landing]) => ({ ...core.coreAr, ...pwa.pwaAr, ...landing.landingAr }))
    : Promise.all([
        import('./core.en.js'),
        import('./features/pwa.js'),
        import('./features/landing.js'),
      ]).then(([core, pwa, landing]) => ({ ...core.coreEn, ...pwa.pwaEn, ...landing.landingEn }));
}

export function loadMessagePart(part: TMessagePart): Promise<Readonly<Record<TLanguage, TMessageSet>>> {
  switch (part) {
    case 'dashboard':
      return Promise.all([
        import('./features/dashboard.js'),
        import('./features/billing.js'),
        import('./features/highlights.js'),
        import('./features/insights.js'),
        import('./features/journey.js'),
        import('./features/posts.js'),
      ]).then(([m, b, h, i, j, p]) => ({
        ar: {
          ...m.dashboardAr,
          ...b.billingDashboardAr,
          ...h.highlightsDashboardAr,
          ...i.insightsDashboardAr,
          ...j.journeyDashboardAr,
          ...p.postsDashboardAr,
        },
        en: {
          ...m.dashboardEn,
          ...b.billingDashboardEn,
          ...h.highlightsDashboardEn,
          ...i.insightsDashboardEn,
          ...j.journeyDashboardEn,
          ...p.postsDashboardEn,
        },
      }));
    case 'admin':
      return Promise.all([import('./features/admin.js'), import('./features/billing.js')]).then(([m, b]) => ({
        ar: { ...m.adminAr, ...b.billingAdminAr },
        en: { ...m.adminEn, ...b.billingAdminEn },
      }));
    case 'salla':
      return import('./features/salla.js').then((m) => ({ ar: m.sallaAr, en: m.sallaEn }));
    case 'auth':
      return import('./features/auth.js').then((m) => ({ ar: m.authAr, en: m.authEn }));
    case 'pages':
      return import('./features/pages.js').then((m) => ({ ar: m.pagesAr, en: m.pagesEn }));
  }
}

/** The static pages' own copy (features/pages.ts): /about, /support, /terms, /faq. */
const PAGES_KEY =
  /^landing\.(about|supportPage|terms|faq)\.|^landing\.meta\.(about|support|terms|faq)Description$/;
/** The sign-in pages' and the set-password dialog's copy (features/auth.ts). */
const AUTH_KEY = /^(login|checkEmail|password|callback)\./;

/** Which part holds a key that is not among the site messages (by its prefix). */
export function messagePartOf(key: TMessageKey): TMessagePart | undefined {
  if (key.startsWith('dashboard.')) return 'dashboard';
  if (key.startsWith('admin.')) return 'admin';
  if (key.startsWith('salla.')) return 'salla';
  if (PAGES_KEY.test(key)) return 'pages';
  if (AUTH_KEY.test(key)) return 'auth';
  return undefined;
}
