/**
 * Whole number with a thousands comma: "1,200". Also prices (whole riyals). A regular expression, not
 * toLocaleString: its first call loads locale data, a cost a phone pays on the landing page.
 *
 * Apart from the rest of format.ts so the landing page's first load carries only this (pwa/vite.config.ts
 * puts it in the chunk the landing page shares; the dashboard's formats and count words stay out of it).
 */
export const formatNumber = (n: number): string =>
  String(Math.round(Number.isFinite(n) ? n : 0)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
