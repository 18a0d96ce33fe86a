/**
 * English catalogue. It defines the message keys: the Arabic catalogue must translate every one of them.
 * Placeholders are written `{name}` and filled by `formatMessage`.
 */
import { coreEn } from './core.en.js';
import { adminEn } from './features/admin.js';
import { authEn } from './features/auth.js';
import { billingAdminEn, billingDashboardEn } from './features/billing.js';
import { dashboardEn } from './features/dashboard.js';
import { highlightsDashboardEn } from './features/highlights.js';
import { postsDashboardEn } from './features/posts.js';
import { insightsDashboardEn } from './features/insights.js';
import { journeyDashboardEn } from './features/journey.js';
import { landingEn } from './features/landing.js';
import { pagesEn } from './features/pages.js';
import { pwaEn } from './features/pwa.js';
import { sallaEn } from './features/salla.js';
import { mergeMessages } from './merge.js';

export { coreEn };

export const en = /* @__PURE__ */ mergeMessages(
  coreEn,
  authEn,
  pwaEn,
  landingEn,
  pagesEn,
  dashboardEn,
  billingDashboardEn,
  highlightsDashboardEn,
  postsDashboardEn,
  insightsDashboardEn,
  journeyDashboardEn,
  adminEn,
  billingAdminEn,
  sallaEn,
);

/** Every message key; the English catalogue is the source of truth. */
export type TMessageKey = keyof typeof en;
