import { Readable } from 'node:stream';
import type { MediaFetcher, MediaStreamer } from '../instagram/instagram.source.js';

/** A fetcher that only downloads whole media, seen as a streamer (the bytes are already in memory). */
export function bufferedStreamer(fetcher: MediaFetcher): MediaStreamer {
  return {
    async open(url) {
      const fetched = await fetcher.fetch(url);
      if (!fetched.ok) return fetched;
      return {
        ok: true,
        value: { contentType: fetched.value.contentType, body: Readable.from([fetched.value.bytes]) },
      };
    },
  };
}
