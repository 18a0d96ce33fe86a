/**
 * The PWA's pages (pwa/src/app/routes.tsx), so the server can answer an unknown address with HTTP 404
 * (and the app's 404 page) instead of 200. A test in the PWA keeps the two lists in step.
 */
export const APP_PAGES = [
  '/',
  '/login',
  '/auth/check-email',
  '/auth/callback',
  '/link-store',
  '/dashboard',
  '/about',
  '/support',
  '/terms',
  '/TermsPage',
  '/faq',
  '/salla',
  '/admin',
] as const;

/** Pages with a variable part: invoices, the Salla landing's sub-pages, the admin area, manual installs. */
export const APP_PAGE_PREFIXES = ['/dashboard/invoices/', '/salla/', '/admin/', '/install/'] as const;

const exact = new Set<string>(APP_PAGES);

/** Whether the PWA has a page at this path (a trailing slash is ignored). */
export function isAppPage(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return exact.has(p) || APP_PAGE_PREFIXES.some((prefix) => p.startsWith(prefix) && p.length > prefix.length);
}
