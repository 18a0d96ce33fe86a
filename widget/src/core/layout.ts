/** Narrowest tile before the grid drops a column (phones get 3, very narrow containers 2). */
export const MIN_TILE_PX = 100;

/**
 * Posts per row for a container width: the merchant's items_per_row on wide containers, fewer when tiles
 * would get narrower than MIN_TILE_PX, never fewer than 2 (unless the merchant asked for 1).
 */
export function columnsFor(
  width: number,
  perRow: number,
  gap: number,
  padding: number,
  maxWidth: number,
): number {
  const inner = Math.min(width, maxWidth) - 2 * padding;
  const fit = Math.floor((inner + gap) / (MIN_TILE_PX + gap));
  return Math.max(Math.min(perRow, 2), Math.min(perRow, fit));
}

/**
 * How many posts the grid shows after `pages` presses of "load more" (1 = first view): posts_limit per
 * page, rounded up to whole rows so the last row is never ragged (9 posts at 4 per row show 12), never
 * more than the feed holds.
 */
export function shownCount(feedLength: number, posts_limit: number, columns: number, pages: number): number {
  return Math.min(feedLength, Math.ceil((posts_limit * pages) / columns) * columns);
}

/** Width of one tile in CSS px, for `sizes`. */
export function tileWidth(
  width: number,
  columns: number,
  gap: number,
  padding: number,
  maxWidth: number,
): number {
  const inner = Math.min(width, maxWidth) - 2 * padding;
  return Math.max(1, Math.round((inner - gap * (columns - 1)) / columns));
}
