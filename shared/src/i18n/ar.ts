import { coreAr } from './core.ar.js';
import type { TMessageKey } from './en.js';
import { adminAr } from './features/admin.js';
import { authAr } from './features/auth.js';
import { billingAdminAr, billingDashboardAr } from './features/billing.js';
import { dashboardAr } from './features/dashboard.js';
import { highlightsDashboardAr } from './features/highlights.js';
import { postsDashboardAr } from './features/posts.js';
import { insightsDashboardAr } from './features/insights.js';
import { journeyDashboardAr } from './features/journey.js';
import { landingAr } from './features/landing.ar.js';
import { pwaAr } from './features/pwa.js';
import { sallaAr } from './features/salla.js';
import { pagesAr } from './features/pages.js';
import { mergeMessages } from './merge.js';

export { coreAr };

/** Arabic catalogue (the default language). Typed so that a missing or unknown key fails to compile. */
export const ar: Readonly<Record<TMessageKey, string>> = /* @__PURE__ */ mergeMessages(
  coreAr,
  authAr,
  pwaAr,
  landingAr,
  pagesAr,
  dashboardAr,
  billingDashboardAr,
  highlightsDashboardAr,
  postsDashboardAr,
  insightsDashboardAr,
  journeyDashboardAr,
  adminAr,
  billingAdminAr,
  sallaAr,
);
