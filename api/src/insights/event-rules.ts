import type { TWidgetEvent, TWidgetEventType } from '@app/shared';
import type { CounterType } from './insights.repository.js';
import type { KnownWidget } from './widget-views.js';

type EventOf<T extends TWidgetEventType> = Extract<TWidgetEvent, { type: T }>;

/**
 * What one kind of event may count. Each is checked against the widget's current snapshot (it must name
 * something the widget shows), held to a few of the same per beacon (one page sends one beacon every 10 s
 * at most), and each day's counter to a plausible multiple of the day's impressions.
 */
export interface EventRule<E extends { type: string } = TWidgetEvent> {
  /** Most events of this type about one subject (a post, a product, a highlight, the widget) per beacon. */
  perBeacon: number;
  /**
   * The day's counter of this type may reach this many times the day's impressions (plus a small
   * allowance); absent for impressions themselves.
   */
  perImpression?: number;
  /** What the event names ('' for the widget itself), or undefined when the widget does not show it: dropped. */
  subject(event: E, widget: KnownWidget): string | undefined;
  /** Keeps a counter per subject besides the day's total (the dashboard's top lists). */
  bySubject: boolean;
  /** One more counter the event adds when it is counted (a product click on a post's viewer: the post's). */
  also?(event: E, widget: KnownWidget): { type: CounterType; subject: string } | undefined;
}

interface Limits {
  perBeacon: number;
  perImpression?: number;
}

/** An event about the widget as a whole, counted when `shown` says the widget shows what it is about. */
const widgetEvent = (limits: Limits, shown: (w: KnownWidget) => boolean): EventRule => ({
  ...limits,
  bySubject: false,
  subject: (_event, w) => (shown(w) ? '' : undefined),
});

/** An event about one of the widget's posts. */
const postEvent = (limits: Limits): EventRule<{ type: string; post_id: string }> => ({
  ...limits,
  bySubject: true,
  subject: (event, w) => (w.posts.has(event.post_id) ? event.post_id : undefined),
});

/** An event about one of the products on the widget's posts; `viaPost` counts it for the post it was shown on. */
const productEvent = (
  limits: Limits,
  viaPost: CounterType,
): EventRule<{ type: string; product_id: string; post_id?: string | undefined }> => ({
  ...limits,
  bySubject: true,
  subject: (event, w) => (w.products.has(event.product_id) ? event.product_id : undefined),
  also: (event, w) =>
    event.post_id !== undefined && w.posts.has(event.post_id)
      ? { type: viaPost, subject: event.post_id }
      : undefined,
});

/** An event about the highlights strip, naming a shown highlight or none (older widgets name none). */
const highlightEvent = (limits: Limits): EventRule<{ type: string; highlight_id?: string | undefined }> => ({
  ...limits,
  bySubject: false,
  subject: (event, w) => {
    if (w.highlights.size === 0) return undefined;
    if (event.highlight_id === undefined) return '';
    return w.highlights.has(event.highlight_id) ? event.highlight_id : undefined;
  },
});

/** The rule of every event type: a new type is one line here (and its schema in shared/). */
export const EVENT_RULES: { [T in TWidgetEventType]: EventRule<EventOf<T>> } = {
  impression: widgetEvent({ perBeacon: 1 }, (w) => w.shown),
  follow_click: widgetEvent({ perBeacon: 1, perImpression: 1 }, (w) => w.follow),
  post_open: postEvent({ perBeacon: 3, perImpression: 10 }),
  story_open: highlightEvent({ perBeacon: 3, perImpression: 10 }),
  product_click: productEvent({ perBeacon: 3, perImpression: 10 }, 'post_product_click'),
  add_to_cart: productEvent({ perBeacon: 3, perImpression: 10 }, 'post_add_to_cart'),
};

/** Counts each type may reach on a day before the impressions multiple applies (a store's first visits). */
export const DAILY_ALLOWANCE = 20;
