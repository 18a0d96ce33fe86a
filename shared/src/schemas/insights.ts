import { z } from 'zod';
import { ZStoredImage } from './content.js';

/**
 * Widget insights (issue 17): what store visitors did with a merchant's widget, counted per day. The widget
 * reports events with `navigator.sendBeacon` (POST /api/widget/events); the dashboard reads the totals
 * (GET /api/merchant/insights). No cookies, no visitor ids, no addresses: only daily counters are kept.
 */

export const WIDGET_EVENT_TYPES = [
  'impression',
  'post_open',
  'story_open',
  'product_click',
  'follow_click',
  'add_to_cart',
] as const;
export type TWidgetEventType = (typeof WIDGET_EVENT_TYPES)[number];

/** Most events one beacon may carry (the widget sends at most one beacon per 10 s, and one on page hide). */
export const MAX_EVENTS_PER_BEACON = 50;
/** Largest beacon body accepted, in bytes. */
export const MAX_EVENTS_BODY_BYTES = 8 * 1024;

/** Post, product and highlight ids as the snapshot carries them (Instagram's digits, our uuids, demo ids). */
const ZSubjectId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'is not an id');

/**
 * One event. `post_open` names its post and `product_click` its product (with the post whose viewer showed
 * it, when there is one); `story_open` may name its highlight.
 */
export const ZWidgetEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('impression') }),
  z.strictObject({ type: z.literal('follow_click') }),
  z.strictObject({ type: z.literal('post_open'), post_id: ZSubjectId }),
  z.strictObject({ type: z.literal('story_open'), highlight_id: ZSubjectId.optional() }),
  z.strictObject({
    type: z.literal('product_click'),
    product_id: ZSubjectId,
    post_id: ZSubjectId.optional(),
  }),
  /** A product put in the store's own cart from the widget (Salla storefronts), like a product click. */
  z.strictObject({
    type: z.literal('add_to_cart'),
    product_id: ZSubjectId,
    post_id: ZSubjectId.optional(),
  }),
]);
export type TWidgetEvent = z.infer<typeof ZWidgetEvent>;

/** POST /api/widget/events (sent as text/plain by sendBeacon, parsed as JSON). */
export const ZWidgetEventsBody = z.strictObject({
  key: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'is not a widget key'),
  events: z.array(ZWidgetEvent).min(1).max(MAX_EVENTS_PER_BEACON),
});
export type TWidgetEventsBody = z.infer<typeof ZWidgetEventsBody>;

export const INSIGHTS_PERIODS = [7, 30, 90] as const;

/** GET /api/merchant/insights?days=7|30|90 (default 30). */
export const ZInsightsQuery = z.object({
  days: z
    .enum(['7', '30', '90'], { message: 'days must be 7, 30 or 90' })
    .default('30')
    .transform((d) => Number(d) as (typeof INSIGHTS_PERIODS)[number]),
});

export const ZInsightsTotals = z.object({
  impressions: z.number().int().nonnegative(),
  post_opens: z.number().int().nonnegative(),
  story_opens: z.number().int().nonnegative(),
  product_clicks: z.number().int().nonnegative(),
  follow_clicks: z.number().int().nonnegative(),
  /** Products put in the store's cart from the widget (Salla storefronts). */
  add_to_carts: z.number().int().nonnegative(),
});
export type TInsightsTotals = z.infer<typeof ZInsightsTotals>;

export const ZInsightsDay = ZInsightsTotals.extend({
  /** A Saudi calendar day (UTC+3), YYYY-MM-DD. */
  date: z.iso.date(),
});
export type TInsightsDay = z.infer<typeof ZInsightsDay>;

export const ZInsightsTopPost = z.object({
  post_id: z.string(),
  opens: z.number().int().nonnegative(),
  /** Clicks on product cards in this post's viewer. */
  product_clicks: z.number().int().nonnegative(),
  /** Products put in the cart from this post's viewer. */
  add_to_carts: z.number().int().nonnegative(),
  /** From the widget's current content; null when the post is no longer shown. */
  image: ZStoredImage.nullable(),
  caption: z.string().nullable(),
  permalink: z.string().nullable(),
});
export type TInsightsTopPost = z.infer<typeof ZInsightsTopPost>;

export const ZInsightsTopProduct = z.object({
  product_id: z.string(),
  /** Names and image from the widget's current content; null when no shown post links the product now. */
  name_ar: z.string().nullable(),
  name_en: z.string().nullable(),
  image: ZStoredImage.nullable(),
  clicks: z.number().int().nonnegative(),
  /** Times the product was put in the store's cart from the widget. */
  add_to_carts: z.number().int().nonnegative(),
  /** Opens of the posts that show this product, in the period. */
  views: z.number().int().nonnegative(),
  /** clicks ÷ views in percent with one decimal; null when the posts were not opened. */
  click_through_rate: z.number().nonnegative().nullable(),
});
export type TInsightsTopProduct = z.infer<typeof ZInsightsTopProduct>;

export const ZInsights = z.object({
  days: z.number().int().positive(),
  /** First and last day of the period (Saudi days, today included). */
  from: z.iso.date(),
  to: z.iso.date(),
  totals: ZInsightsTotals,
  /** The same length of time just before, to show the change. */
  previous_totals: ZInsightsTotals,
  /** Every day of the period, oldest first, zeros included. */
  daily: z.array(ZInsightsDay),
  top_posts: z.array(ZInsightsTopPost),
  top_products: z.array(ZInsightsTopProduct),
});
export type TInsights = z.infer<typeof ZInsights>;
