import { describe, expect, it } from 'vitest';
import { WIDGET_FIRST_LOAD_KB } from '@app/shared';
// The size budgets `npm run size` enforces on the widget.
import widgetManifest from '../../../../../widget/package.json';

interface SizeLimitEntry {
  path: string;
  limit: string;
  brotli?: boolean;
}

const widgetPackage = widgetManifest as { 'size-limit': SizeLimitEntry[] };

const budgetKb = (path: string): number => {
  const entry = widgetPackage['size-limit'].find((e) => e.path === path);
  if (!entry?.brotli) throw new Error(`no brotli budget for ${path} in widget/package.json`);
  const match = /^([\d.]+) kB$/.exec(entry.limit);
  if (!match) throw new Error(`unreadable budget ${entry.limit} for ${path}`);
  return Number(match[1]);
};

describe('product facts', () => {
  it('says no less than the loader and core budgets allow a store page to load first', () => {
    const firstLoad = budgetKb('dist/widget.js') + budgetKb('dist/widget/core-*.js');
    // The landing page's claim may round up, never down, and never by more than a kilobyte.
    expect(WIDGET_FIRST_LOAD_KB).toBeGreaterThanOrEqual(firstLoad);
    expect(WIDGET_FIRST_LOAD_KB - firstLoad).toBeLessThan(1);
  });
});
