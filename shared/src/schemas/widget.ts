import { z } from 'zod';
import { API_ERRORS } from '../errors.js';
import { ZLanguage, type TLanguage } from './common.js';
import { ZText } from './text.js';
import { ZAccountData, ZHighlightSummary, ZStoredImage } from './content.js';
import { ZWidgetPost } from './posts.js';

const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
/** Margins in px: numbers from 0; the dashboard turns non-numbers into 0 before this check. */
const ZMargin = z.number().int().min(0).max(200).default(0);
const ZMargins = z.strictObject({ top: ZMargin, bottom: ZMargin, left: ZMargin, right: ZMargin });

export const DEFAULT_TITLE_AR = 'تابعونا على إنستغرام';
export const DEFAULT_SUBTITLE_AR = 'شاهد أحدث منشوراتنا ولحظاتنا';
export const DEFAULT_FOLLOW_TEXT_AR = 'متابعة';
export const DEFAULT_TITLE_EN = 'Follow us on Instagram';
export const DEFAULT_SUBTITLE_EN = 'See our latest posts and moments';

/** Posts shown before "Load more" (issue 20): 3–50, and never more than the plan's contentLimit. */
export const POSTS_LIMIT = { min: 3, max: 50, default: 9 } as const;
/** Highlights shown in the strip (spec default 5). */
export const HIGHLIGHTS_LIMIT = { min: 1, max: 20, default: 5 } as const;

/** A whole number within bounds, with messages that say what is allowed. */
const boundedInt = (b: { min: number; max: number }) =>
  z
    .number()
    .int(`must be a whole number from ${b.min} to ${b.max}`)
    .min(b.min, `must be at least ${b.min}`)
    .max(b.max, `must be at most ${b.max}`);

export const FEED_LAYOUTS = ['grid', 'carousel', 'masonry'] as const;
export type TFeedLayout = (typeof FEED_LAYOUTS)[number];

/**
 * The merchant's widget settings as the dashboard edits them (product §3 "Widget settings defaults"), and
 * the document the server stores (widget_preferences.settings, docs/architecture.md "Widget settings"):
 * this schema is the only place the settings and their defaults are written down.
 * - Strict objects: an unknown key is an error that names it, never silently dropped.
 * - Every field has a default, so `ZWidgetSettings.parse({})` is a new merchant's settings, and settings
 *   saved, exported or stored before a field existed parse and get the product's value for it.
 * - The groups `feed`, `highlights`, `account_info` and `title_settings` reach the widget as they are
 *   (customizationFor), so a new setting in one of them needs the schema, the dashboard's control and the
 *   widget's use, nothing else.
 */
export const ZWidgetSettings = z.strictObject({
  widget_enabled: z.boolean().default(true),
  feed: z
    .strictObject({
      layout: z.enum(FEED_LAYOUTS).default('grid'),
      enabled: z.boolean().default(true),
      /** Posts shown before "Load more"; the server also holds it to the plan's contentLimit. */
      posts_limit: boundedInt(POSTS_LIMIT).default(POSTS_LIMIT.default),
      /** Whether "Load more" shows at all (off: only the first posts_limit posts). */
      show_load_more: z.boolean().default(true),
      /** Carousel only: advances on its own (never under prefers-reduced-motion). */
      autoplay: z.boolean().default(false),
      /**
       * Likes and comments on a post: over its tile when pointed at, and in its window. Off for a store
       * whose posts draw few likes, so the counts do not speak against the products.
       */
      show_counts: z.boolean().default(true),
    })
    .prefault({}),
  highlights: z
    .strictObject({
      layout: z.enum(['circle', 'square']).default('circle'),
      enabled: z.boolean().default(true),
      limit: boundedInt(HIGHLIGHTS_LIMIT).default(HIGHLIGHTS_LIMIT.default),
    })
    .prefault({}),
  account_info: z
    .strictObject({
      enabled: z.boolean().default(true),
      position: z.enum(['before_posts', 'after_posts']).default('before_posts'),
      show_profile_picture: z.boolean().default(true),
      show_statistics: z.boolean().default(true),
      show_follow_button: z.boolean().default(true),
      follow_button_text: ZText.trim().max(40).default(DEFAULT_FOLLOW_TEXT_AR),
    })
    .prefault({}),
  primary_color: ZHexColor.default('#000000'),
  secondary_color: ZHexColor.default('#ffffff'),
  display_size: z.enum(['small', 'medium', 'large']).default('medium'),
  density: z
    .strictObject({
      item_spacing: z.number().int().min(0).max(40).default(10),
      items_per_row: z.number().int().min(2).max(6).default(4),
    })
    .prefault({}),
  animation: z.strictObject({ type: z.enum(['fade', 'slide', 'zoom', 'none']).default('fade') }).prefault({}),
  title_settings: z
    .strictObject({
      title_enabled: z.boolean().default(true),
      subtitle_enabled: z.boolean().default(true),
      title: ZText.trim().max(120).default(DEFAULT_TITLE_AR),
      subtitle: ZText.trim().max(200).default(DEFAULT_SUBTITLE_AR),
      /**
       * The English title and subtitle, shown on English store pages (`title` and `subtitle` are the Arabic
       * ones). Settings saved or exported before them get the default English texts.
       */
      title_en: ZText.trim().max(120).default(DEFAULT_TITLE_EN),
      subtitle_en: ZText.trim().max(200).default(DEFAULT_SUBTITLE_EN),
      title_margin: ZMargins.prefault({}),
      subtitle_margin: ZMargins.prefault({}),
    })
    .prefault({}),
  /** The first line of each post's caption under its tile (grid and carousel). */
  show_captions: z.boolean().default(false),
  /** Whether videos start muted in the post and story viewers (off: the first play is by tap). */
  mute_videos: z.boolean().default(true),
});
/** Settings with every field (what parsing gives); `TWidgetSettingsInput` is what may be sent or imported. */
export type TWidgetSettings = z.infer<typeof ZWidgetSettings>;
export type TWidgetSettingsInput = z.input<typeof ZWidgetSettings>;

/** A new merchant's settings: the schema's defaults, nothing written twice. */
export const DEFAULT_WIDGET_SETTINGS: TWidgetSettings = ZWidgetSettings.parse({});

/** The widget's view of the settings, with the plan applied by the server (product §3 customization_options). */
export const ZCustomizationOptions = z.object({
  design_template: z.string(),
  account_info: ZWidgetSettings.shape.account_info,
  /** The merchant's feed settings as they are (settings added later pass through), the plan applied. */
  feed: z.looseObject({
    enabled: z.boolean(),
    /** 'grid' | 'carousel' | 'masonry' today; a string so a widget meets a newer layout as the grid. */
    layout: z.string(),
    /** The merchant's posts limit held to the plan's contentLimit. */
    posts_limit: z.number().int().positive(),
    /** Older snapshots lack these two (the widget then shows "Load more" and no autoplay). */
    show_load_more: z.boolean().optional(),
    autoplay: z.boolean().optional(),
  }),
  highlights: z.looseObject({
    enabled: z.boolean(),
    layout: z.string(),
    limit: z.number().int().nonnegative(),
  }),
  colors: z.object({
    primary: ZHexColor,
    secondary: ZHexColor,
    background: ZHexColor,
    text: ZHexColor,
    /** Secondary text, derived from text and background at 4.5:1 (mutedTextColor); older snapshots lack it. */
    muted: ZHexColor.optional(),
  }),
  spacing: z.object({ item_spacing: z.number(), container_padding: z.number() }),
  density: z.object({ items_per_row: z.number().int() }),
  display_size: z.enum(['small', 'medium', 'large']),
  animation: z.enum(['fade', 'slide', 'zoom', 'none']),
  /** Snapshots from before the English texts lack title_en and subtitle_en (the widget shows the Arabic). */
  title_settings: ZWidgetSettings.shape.title_settings.unwrap().extend({
    title_en: z.string().optional(),
    subtitle_en: z.string().optional(),
  }),
  text: z.object({ title: z.string(), show_captions: z.boolean() }),
  branding: z.object({ show: z.boolean() }),
  mute_videos: z.boolean(),
});
export type TCustomizationOptions = z.infer<typeof ZCustomizationOptions>;

export const ZWidgetContent = z.object({
  /** Hidden posts are absent, pinned ones first; `products` on posts with linked products (Pro). */
  feed: z.array(ZWidgetPost),
  highlights: z.array(ZHighlightSummary),
  profile_picture: ZStoredImage.nullable(),
  username: z.string(),
  account_data: ZAccountData,
});
export type TWidgetContent = z.infer<typeof ZWidgetContent>;

/** The body of GET /api/widget/init: built ahead of time by the server (the widget snapshot). */
export const ZWidgetInit = z.object({
  status: z.literal('success'),
  data: z.object({
    config: z.object({
      widget_enabled: z.boolean(),
      public_widget_key: z.string(),
      instagram_username: z.string(),
      package_tier: z.enum(['basic', 'pro', 'trial', 'free']),
      language: ZLanguage,
      customization_options: ZCustomizationOptions,
    }),
    content: ZWidgetContent,
    version: z.number().int().positive(),
    generated_at: z.string(),
  }),
});
export type TWidgetInit = z.infer<typeof ZWidgetInit>;

/**
 * The live-preview API of the widget's core bundle (widget/README.md, "Live preview in the dashboard"):
 * the widget implements it (widget/src/core/index.ts) and the dashboard calls it. Types only.
 */
export interface TWidgetPreviewInput {
  config: TWidgetInit['data']['config'];
  content: TWidgetInit['data']['content'];
  /** Where media paths (/media/…) and highlight stories are fetched from; default the page's origin. */
  apiBase?: string;
  /** The dashboard's language; default the config's language. */
  lang?: TLanguage;
}
export interface TWidgetPreviewHandle {
  /** Re-renders with new settings or content (keeps the grid's "load more" state). */
  update(next: TWidgetPreviewInput): void;
  /** Removes the widget from the element. */
  unmount(): void;
}
/** `TElement` is the DOM's HTMLElement on both sides (the API and cron compile this package without the DOM). */
export interface TWidgetPreviewCore<TElement> {
  mount(element: TElement, input: TWidgetPreviewInput): TWidgetPreviewHandle;
}

const ZIdentifier = ZText.trim()
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, API_ERRORS.invalid_identifier.en);

/**
 * Query of the public widget endpoints: a widget key (`key`, `merchantId` or `widget_key`) or a platform
 * store id (`store_id`, with `platform` when known). Cache-busting parameters are accepted and ignored.
 */
/** A cache-busting query value: ignored, but bounded like every public parameter. */
const ZCacheBuster = z
  .string()
  .max(40)
  .regex(/^[A-Za-z0-9_.-]*$/);

/** GET /api/widget/highlights/:id/stories?key=: the widget's key (or its old name). */
export const ZHighlightStoriesQuery = z.object({
  key: ZIdentifier.optional(),
  merchantId: ZIdentifier.optional(),
});

/** A highlight id in a public path: Instagram's numeric ids, or our demo source's. */
export const ZHighlightIdParam = ZText.max(100).regex(/^[A-Za-z0-9_.:-]+$/, 'is not a highlight id');

export const ZWidgetQuery = z
  .object({
    key: ZIdentifier.optional(),
    merchantId: ZIdentifier.optional(),
    widget_key: ZIdentifier.optional(),
    store_id: ZIdentifier.optional(),
    platform: z.enum(['salla', 'zid']).optional(),
    type: z.enum(['feed', 'highlights']).optional(),
    _cb: ZCacheBuster.optional(),
    bustCache: ZCacheBuster.optional(),
  })
  .transform((q) => ({
    key: q.key ?? q.merchantId ?? q.widget_key,
    storeId: q.store_id,
    platform: q.platform,
    type: q.type,
  }));
export type TWidgetQuery = z.infer<typeof ZWidgetQuery>;
