import { vi } from 'vitest';

/**
 * jsdom has no layout: every element is a 1000 px wide box at the top of the page (4 columns at the default
 * 4 per row), and ResizeObserver does nothing. Call in beforeAll.
 */
export function fixedLayout(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 1000,
    top: 0,
  } as DOMRect);
}
