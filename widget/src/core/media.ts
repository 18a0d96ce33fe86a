import type { Image } from './types.js';

/** Media paths are relative (`/media/…`): they live on the API origin, not the store's. */
export const mediaUrl = (apiBase: string, path: string) => (/^https?:/.test(path) ? path : apiBase + path);

/** `srcset` from the renditions (320/640/1080 wide, smallest first). */
export const srcsetOf = (apiBase: string, image: Image) =>
  image.renditions.map((r) => `${mediaUrl(apiBase, r.path)} ${r.width}w`).join(', ');

/** The largest rendition: the "direct" image of the fallback chain, and the source for full-size views. */
export const largest = (apiBase: string, image: Image) =>
  mediaUrl(apiBase, image.renditions[image.renditions.length - 1]!.path);

/** The smallest rendition at least `px` wide (or the largest), for a single `src`. */
export function fitting(apiBase: string, image: Image, px: number): string {
  const r = image.renditions.find((x) => x.width >= px) ?? image.renditions[image.renditions.length - 1]!;
  return mediaUrl(apiBase, r.path);
}
