import { MEDIA_NAME_PATTERN } from './media.store.js';

const MEDIA_PATH_PREFIX = '/media/';

/**
 * Points every media path (`/media/<name>`) inside a widget answer at MEDIA_PUBLIC_URL (a CDN or the
 * bucket's public address), so store pages fetch media from there instead of the API. Without a base the
 * value is returned as it is: the API serves /media/* itself. Only whole strings that are media paths
 * change; a caption that merely mentions one is left alone.
 */
export function withPublicMediaUrls<T>(value: T, base: string | undefined): T {
  if (!base) return value;
  const rewrite = (v: unknown): unknown => {
    if (typeof v === 'string') {
      return v.startsWith(MEDIA_PATH_PREFIX) && MEDIA_NAME_PATTERN.test(v.slice(MEDIA_PATH_PREFIX.length))
        ? `${base}/${v.slice(MEDIA_PATH_PREFIX.length)}`
        : v;
    }
    if (Array.isArray(v)) return v.map(rewrite);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, rewrite(inner)]));
    }
    return v;
  };
  return rewrite(value) as T;
}
