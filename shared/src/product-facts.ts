/**
 * Facts about the product that the marketing pages state as numbers. Each is held true by a check, never
 * typed into a sentence: pwa/src/features/landing/lib/product-facts.test.ts compares them with what the build enforces.
 */

/**
 * Kilobytes of compressed JavaScript a store page loads before the widget shows: the loader and the core
 * together, at most their size budgets (widget/package.json, `npm run size`).
 */
export const WIDGET_FIRST_LOAD_KB = 13;
