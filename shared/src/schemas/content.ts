import { z } from 'zod';
import { ZInstagramUrl } from './text.js';

/**
 * Where a media file is: a path in our own media store (`/media/<hash>-<width>.webp`), resolved by clients
 * against the API base URL, or, in widget answers when MEDIA_PUBLIC_URL is set, that file's absolute URL
 * on the CDN or bucket.
 */
const ZMediaPath = z.string().refine((v) => v.startsWith('/media/') || /^https?:\/\/[^/]+\/./.test(v), {
  message: 'must be a /media/ path or an http(s) URL',
});

/** Content as we store and serve it: every media reference is one of our media files. */
export const ZImageRendition = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  path: ZMediaPath,
});

export const ZStoredImage = z.object({
  kind: z.literal('image'),
  /** Width and height of the original, for layout before load (no layout shift). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Dominant colour shown while the image loads. */
  color: z.string().regex(/^#[0-9a-f]{6}$/i),
  /** Smallest first. */
  renditions: z.array(ZImageRendition).min(1),
});
export type TStoredImage = z.infer<typeof ZStoredImage>;

export const ZStoredVideo = z.object({
  kind: z.literal('video'),
  path: ZMediaPath,
});
export type TStoredVideo = z.infer<typeof ZStoredVideo>;

/** One image or video of a post (a carousel has several). */
export const ZStoredMediaItem = z.object({
  type: z.enum(['image', 'video']),
  /** The picture to show: the image itself, or the video's poster. */
  image: ZStoredImage,
  /** Absent for images, and for videos whose file the source withheld (poster only). */
  video: ZStoredVideo.optional(),
});
export type TStoredMediaItem = z.infer<typeof ZStoredMediaItem>;

export const ZStoredPost = z.object({
  id: z.string(),
  type: z.enum(['image', 'video']),
  media_type: z.enum(['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM']),
  caption: z.string(),
  username: z.string(),
  timestamp: z.string(),
  /** Link to the post on Instagram. */
  source_url: ZInstagramUrl,
  like_count: z.number().int().nonnegative().nullable(),
  comment_count: z.number().int().nonnegative().nullable(),
  /** The first (or only) media item; the grid shows this. */
  media: ZStoredMediaItem,
  /** Every item of a carousel, in order (the first equals `media`); empty for single posts. */
  children: z.array(ZStoredMediaItem),
});
export type TStoredPost = z.infer<typeof ZStoredPost>;

export const ZStoredStory = z.object({
  id: z.string(),
  media_type: z.enum(['image', 'video']),
  timestamp: z.string(),
  image: ZStoredImage,
  video: ZStoredVideo.optional(),
  /** Seconds, for videos. */
  duration: z.number().positive().optional(),
});
export type TStoredStory = z.infer<typeof ZStoredStory>;

export const ZStoredHighlight = z.object({
  /** The part after a colon of the source id ("highlight:123" → "123"). */
  id: z.string(),
  external_id: z.string(),
  title: z.string(),
  cover: ZStoredImage.nullable(),
  stories: z.array(ZStoredStory),
});
export type TStoredHighlight = z.infer<typeof ZStoredHighlight>;

export const ZStoredProfile = z.object({
  external_id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  biography: z.string().nullable(),
  picture: ZStoredImage.nullable(),
  followers_count: z.number().int().nonnegative().nullable(),
  following_count: z.number().int().nonnegative().nullable(),
  media_count: z.number().int().nonnegative().nullable(),
  is_verified: z.boolean(),
});
export type TStoredProfile = z.infer<typeof ZStoredProfile>;

/** A highlight in the widget snapshot: no stories (they load when opened). */
export const ZHighlightSummary = ZStoredHighlight.omit({ stories: true }).extend({
  stories_count: z.number().int().nonnegative(),
});
export type THighlightSummary = z.infer<typeof ZHighlightSummary>;

/** Account stats as the product's widget reads them. */
export const ZAccountData = z.object({
  username: z.string(),
  name: z.string().nullable(),
  profile_picture: ZStoredImage.nullable(),
  followers_count: z.number().nullable(),
  following_count: z.number().nullable(),
  media_count: z.number().nullable(),
  is_verified: z.boolean(),
});
export type TAccountData = z.infer<typeof ZAccountData>;

/** Answer of GET /api/widget/highlights/:id/stories. */
export const ZHighlightStoriesResponse = z.object({
  status: z.literal('success'),
  stories: z.array(ZStoredStory),
});
export type THighlightStoriesResponse = z.infer<typeof ZHighlightStoriesResponse>;
