import { describe, expect, it } from 'vitest';
import { columnsFor, shownCount, tileWidth } from './layout.js';

describe('grid layout', () => {
  it('uses the merchant’s items per row on wide containers and fewer on phones', () => {
    expect(columnsFor(1280, 4, 10, 15, 960)).toBe(4);
    expect(columnsFor(390, 4, 10, 15, 960)).toBe(3);
    expect(columnsFor(260, 4, 10, 15, 960)).toBe(2);
    expect(columnsFor(1280, 6, 10, 15, 960)).toBe(6);
    expect(columnsFor(320, 6, 10, 15, 960)).toBe(2);
    expect(columnsFor(800, 1, 10, 15, 960)).toBe(1);
  });

  it('shows posts_limit posts rounded up to whole rows, and a page more per "load more"', () => {
    expect(shownCount(50, 9, 3, 1)).toBe(9);
    expect(shownCount(50, 9, 4, 1)).toBe(12);
    expect(shownCount(50, 9, 4, 2)).toBe(20);
    expect(shownCount(10, 9, 4, 2)).toBe(10);
    expect(shownCount(5, 9, 3, 1)).toBe(5);
  });

  it('computes the tile width for `sizes`', () => {
    expect(tileWidth(390, 3, 10, 15, 960)).toBe(113);
    expect(tileWidth(1280, 4, 10, 15, 960)).toBe(225);
  });
});
