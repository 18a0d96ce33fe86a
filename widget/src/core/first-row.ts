import { isPost, obj, readGrid } from './check.js';
import { columnsFor, tileWidth } from './layout.js';
import { srcsetOf } from './media.js';
import type { Image } from './types.js';

// Small on purpose: the loader (/widget.js) carries it, and the core's Root measures with it too.

/** The host's width, and whether it starts near the screen (then the first row loads eagerly, first). */
export function measure(host: HTMLElement) {
  const box = host.getBoundingClientRect();
  return { width: box.width || 360, nearFold: box.top < innerHeight * 1.5 };
}

/**
 * Asks for the grid's first row of pictures as soon as the snapshot is in (`body`: the init answer),
 * before the core has arrived, rendered and laid out the feed: the tiles' <img>s, with the same srcset and
 * sizes, then find them loaded or on their way. Nothing for a widget turned off (the store page shows
 * nothing), far below the fold (its row is lazy), a hidden feed, another layout, or an old snapshot (its
 * options spelled in camelCase: the core reads those).
 */
export function requestFirstRow(host: HTMLElement, body: unknown, apiBase: string): void {
  const data = obj(body)?.data;
  const config = obj(obj(data)?.config);
  const posts = obj(obj(data)?.content)?.feed;
  const options = obj(config?.customization_options);
  if (config?.widget_enabled !== true || !options || !Array.isArray(posts)) return;
  const grid = readGrid(options);
  const { width, nearFold } = measure(host);
  if (!nearFold || !grid.feed || grid.layout !== 'grid') return;
  const cols = columnsFor(width, grid.perRow, grid.gap, grid.padding, grid.maxWidth);
  const tile = tileWidth(width, cols, grid.gap, grid.padding, grid.maxWidth);
  // The posts the core will show: malformed ones are dropped (check.ts), not left as gaps.
  for (const post of posts.filter(isPost).slice(0, cols)) {
    const image = obj(obj(post)?.media)?.image;
    const img = new Image();
    img.fetchPriority = 'high';
    img.sizes = `${tile}px`;
    img.srcset = srcsetOf(apiBase, image as Image);
  }
}
