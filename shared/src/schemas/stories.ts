import { z } from 'zod';
import { ZStoredImage, ZStoredVideo } from './content.js';
import { ZText } from './text.js';

/**
 * The story archive and the merchant's own highlights (issue 15): what the dashboard and
 * /api/merchant/stories, /api/merchant/highlights exchange.
 */

/** Days the automatic "Latest" highlight looks back. */
export const LATEST_HIGHLIGHT_DAYS = 7;
/** Highlights a merchant may have (the widget's strip shows at most this many). */
export const MAX_MERCHANT_HIGHLIGHTS = 20;
/** Stories one highlight may hold. */
export const MAX_HIGHLIGHT_STORIES = 100;
export const HIGHLIGHT_TITLE_MAX = 40;
/** Largest uploaded cover image, in bytes. */
export const HIGHLIGHT_COVER_MAX_BYTES = 5 * 1024 * 1024;
export const HIGHLIGHT_COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** One archived story, as the dashboard lists it (newest first). */
export const ZArchivedStory = z.object({
  id: z.uuid(),
  media_type: z.enum(['image', 'video']),
  /** When it was posted on Instagram (ISO 8601). */
  taken_at: z.iso.datetime(),
  image: ZStoredImage,
  video: ZStoredVideo.nullable(),
  duration: z.number().positive().nullable(),
  /** The custom highlights it is in. */
  highlight_ids: z.array(z.uuid()),
});
export type TArchivedStory = z.infer<typeof ZArchivedStory>;

/** GET /api/merchant/stories */
export const ZStoriesList = z.object({
  stories: z.array(ZArchivedStory),
  /** How long stories are kept. */
  retention_days: z.number().int().positive(),
  /** Stories are archived only for an account connected with Instagram Login. */
  archiving: z.boolean(),
  /** When the account's stories were last read, if ever. */
  last_polled_at: z.iso.datetime().nullable(),
});
export type TStoriesList = z.infer<typeof ZStoriesList>;

export const ZHighlightKind = z.enum(['custom', 'latest']);
export type THighlightKind = z.infer<typeof ZHighlightKind>;

/** One of the merchant's highlights. */
export const ZMerchantHighlight = z.object({
  id: z.uuid(),
  kind: ZHighlightKind,
  title: z.string(),
  position: z.number().int().nonnegative(),
  /** Only the Latest highlight can be off. */
  enabled: z.boolean(),
  /** Where the cover comes from: a chosen story, an uploaded image, or (auto) the first story. */
  cover_source: z.enum(['story', 'upload', 'auto']),
  cover_story_id: z.uuid().nullable(),
  /** The picture shown as the cover, null when there is nothing to show yet. */
  cover: ZStoredImage.nullable(),
  /** In order. For Latest: the stories of the last 7 days, oldest first. */
  story_ids: z.array(z.uuid()),
});
export type TMerchantHighlight = z.infer<typeof ZMerchantHighlight>;

/** GET /api/merchant/highlights */
export const ZHighlightsList = z.object({ highlights: z.array(ZMerchantHighlight) });
export type THighlightsList = z.infer<typeof ZHighlightsList>;

const ZHighlightTitle = ZText.trim().min(1).max(HIGHLIGHT_TITLE_MAX);
const ZStoryIds = z
  .array(z.uuid())
  .max(MAX_HIGHLIGHT_STORIES)
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a story');

/** POST /api/merchant/highlights */
export const ZHighlightCreate = z.strictObject({
  title: ZHighlightTitle,
  cover_story_id: z.uuid().nullable().optional(),
  story_ids: ZStoryIds.optional(),
});
export type THighlightCreate = z.infer<typeof ZHighlightCreate>;

/** PATCH /api/merchant/highlights/:id; `cover_story_id: null` goes back to the automatic cover. */
export const ZHighlightUpdate = z.strictObject({
  title: ZHighlightTitle.optional(),
  cover_story_id: z.uuid().nullable().optional(),
  story_ids: ZStoryIds.optional(),
  position: z.number().int().min(0).max(MAX_MERCHANT_HIGHLIGHTS).optional(),
  /** The Latest highlight only: switch it on or off. */
  enabled: z.boolean().optional(),
});
export type THighlightUpdate = z.infer<typeof ZHighlightUpdate>;

export const ZHighlightIdPath = z.uuid({ message: 'is not a highlight id' });
export const ZStoryIdPath = z.uuid({ message: 'is not a story id' });

/** Codes the story and highlight endpoints answer with (words and status in the error table, `API_ERRORS`). */
export const ZStoriesErrorCode = z.enum([
  'plan_required',
  'story_not_found',
  'merchant_highlight_not_found',
  'unknown_stories',
  'highlight_automatic',
  'highlights_limit',
  'invalid_image',
]);
export type TStoriesErrorCode = z.infer<typeof ZStoriesErrorCode>;
