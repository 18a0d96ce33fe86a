import type { MediaFetcher } from '../instagram/instagram.source.js';
import { err } from '../lib/result.js';

/**
 * Routes a media URL to the fetcher for its scheme: demo:// media are generated locally, https:// ones
 * come from the Instagram CDN through the guarded HTTP fetcher. Any other scheme is refused.
 */
export class SchemeMediaFetcher implements MediaFetcher {
  constructor(private readonly bySchemes: Record<string, MediaFetcher>) {}

  fetch(url: string) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
    const fetcher = scheme ? this.bySchemes[scheme] : undefined;
    if (!fetcher)
      return Promise.resolve(
        err({ kind: 'blocked' as const, message: `media scheme not allowed: ${scheme ?? '(none)'}` }),
      );
    return fetcher.fetch(url);
  }
}
