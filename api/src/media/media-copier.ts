import type { TStoredImage, TStoredVideo } from '@app/shared';
import type { MediaFetcher } from '../instagram/instagram.source.js';
import { err, ok, type Result } from '../lib/result.js';

/** What the media store gives back for stored bytes. */
export type StoredMedia =
  | {
      kind: 'image';
      hash: string;
      width: number;
      height: number;
      placeholderColor: string;
      renditions: { width: number; height: number; path: string }[];
    }
  | { kind: 'video'; hash: string; path: string };

/** A stored image as content, snapshots and products carry it: renditions smallest first. */
export function storedImage(stored: Extract<StoredMedia, { kind: 'image' }>): TStoredImage {
  const { width, height, placeholderColor, renditions } = stored;
  return {
    kind: 'image',
    width,
    height,
    color: placeholderColor,
    renditions: [...renditions].sort((a, b) => a.width - b.width),
  };
}

export interface MediaStorePort {
  store(bytes: Buffer, contentType: string): Promise<Result<StoredMedia, { message: string }>>;
}

export interface CopyFailure {
  url: string;
  message: string;
}

/**
 * Copies media off the source's CDN into our store. Within one refresh the same URL is fetched once
 * (profile pictures and covers repeat).
 */
export class MediaCopier {
  private readonly seen = new Map<string, Promise<Result<StoredMedia, CopyFailure>>>();

  constructor(
    private readonly fetcher: MediaFetcher,
    private readonly store: MediaStorePort,
  ) {}

  private copy(url: string): Promise<Result<StoredMedia, CopyFailure>> {
    let pending = this.seen.get(url);
    if (!pending) {
      pending = (async () => {
        const fetched = await this.fetcher.fetch(url);
        if (!fetched.ok) return err({ url, message: `${fetched.error.kind}: ${fetched.error.message}` });
        const stored = await this.store.store(fetched.value.bytes, fetched.value.contentType);
        if (!stored.ok) return err({ url, message: stored.error.message });
        return ok(stored.value);
      })();
      this.seen.set(url, pending);
    }
    return pending;
  }

  async image(url: string | undefined): Promise<Result<TStoredImage, CopyFailure>> {
    if (!url) return err({ url: '', message: 'no image URL' });
    const stored = await this.copy(url);
    if (!stored.ok) return stored;
    if (stored.value.kind !== 'image') return err({ url, message: 'expected an image, got a video' });
    return ok(storedImage(stored.value));
  }

  async video(url: string | undefined): Promise<Result<TStoredVideo, CopyFailure>> {
    if (!url) return err({ url: '', message: 'no video URL' });
    const stored = await this.copy(url);
    if (!stored.ok) return stored;
    if (stored.value.kind !== 'video') return err({ url, message: 'expected a video, got an image' });
    return ok({ kind: 'video', path: stored.value.path });
  }
}
