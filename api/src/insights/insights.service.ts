import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  ZStoredImage,
  type TInsights,
  type TInsightsTopPost,
  type TInsightsTopProduct,
  type TInsightsTotals,
  type TStoredImage,
  type TWidgetEventsBody,
} from '@app/shared';
import { cacheKeys, type CachePort } from '../cache/cache.port.js';
import type { SnapshotsRepository } from '../content/snapshots.repository.js';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import { err, ok, type Result } from '../lib/result.js';
import type { EventCounter } from './event-counter.js';
import type { CounterType, InsightsRepository } from './insights.repository.js';

/**
 * Beacons accepted per minute from one address (several visitors can share one behind a carrier's NAT,
 * and one page sends at most 7 a minute) and for one widget key (a busy store's visitors together):
 * EVENTS_LIMIT_PER_ADDRESS and EVENTS_LIMIT_PER_KEY, 120 and 6,000 by default.
 */
export interface EventLimits {
  perAddressPerMinute: number;
  perKeyPerMinute: number;
}
/** Days of counters kept: a year and a bit, so a period can be compared with the same one a year ago. */
export const INSIGHTS_RETENTION_DAYS = 400;
/** Rows in top_posts and top_products. */
const TOP = 5;
const DAY_MS = 86_400_000;
/** Saudi Arabia keeps UTC+3 all year: a merchant's "today" starts at their midnight. */
const SAUDI_OFFSET_MS = 3 * 3_600_000;
/** How long a process trusts what it read of a widget (its merchant, posts and products). */
const WIDGET_MEMO_MS = 60_000;

/** The Saudi calendar day of an instant, YYYY-MM-DD. */
export const saudiDay = (at: Date): string =>
  new Date(at.getTime() + SAUDI_OFFSET_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** What the insights read of a snapshot: only the fields they use, anything else ignored. */
const ZProductRef = z.looseObject({
  id: z.string(),
  name_ar: z.string().nullish(),
  name_en: z.string().nullish(),
  name: z.string().nullish(),
  image: ZStoredImage.nullish(),
});
const ZSnapshotView = z.object({
  data: z.object({
    content: z.object({
      feed: z.array(
        z.looseObject({
          id: z.string(),
          caption: z.string().catch(''),
          sourceUrl: z.string().nullish(),
          media: z.looseObject({ image: ZStoredImage.nullish() }).nullish(),
          products: z.array(ZProductRef).nullish().catch(null),
        }),
      ),
    }),
  }),
});
type SnapshotView = z.infer<typeof ZSnapshotView>;

/** A widget as the events endpoint knows it: its merchant and what its visitors can open. */
interface KnownWidget {
  userId: string;
  posts: Set<string>;
  products: Set<string>;
}

const TOTAL_FIELDS: Record<Exclude<CounterType, 'post_product_click'>, keyof TInsightsTotals> = {
  impression: 'impressions',
  post_open: 'post_opens',
  story_open: 'story_opens',
  product_click: 'product_clicks',
  follow_click: 'follow_clicks',
};
const zeroTotals = (): TInsightsTotals => ({
  impressions: 0,
  post_opens: 0,
  story_opens: 0,
  product_clicks: 0,
  follow_clicks: 0,
});

function readSnapshot(body: string): SnapshotView | undefined {
  try {
    const parsed = ZSnapshotView.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Insights: accepts the widget's event beacons (limited, checked against the widget's own posts and
 * products, counted per Saudi day) and answers the dashboard's totals, days and top lists.
 */
export class InsightsService {
  private retentionDay: string | undefined;
  /** Keyed hashes of recent addresses: one HMAC per address, not per beacon. */
  private readonly addressKeys = new LRUCache<string, string>({ max: 10_000 });
  private readonly widgets = new LRUCache<string, KnownWidget | 'missing'>({
    max: 10_000,
    ttl: WIDGET_MEMO_MS,
  });

  constructor(
    private readonly d: {
      repo: InsightsRepository;
      snapshots: SnapshotsRepository;
      counter: EventCounter;
      cache: CachePort;
      clock: Clock;
      /** Keys the hashes that stand for client addresses in rate-limit counters (no address is kept). */
      addressSecret: Uint8Array;
      limits: EventLimits;
    },
  ) {}

  /**
   * Counts one beacon's events. Events naming a post or product the widget does not show are dropped
   * (they could only come from a hand-made request), as are impressions past the first of a beacon.
   */
  async accept(body: TWidgetEventsBody, address: string): Promise<Result<{ counted: number }, AppError>> {
    const { d } = this;
    const now = d.clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    let addressKey = this.addressKeys.get(address);
    if (!addressKey) {
      addressKey = createHmac('sha256', d.addressSecret).update(address).digest('base64url').slice(0, 22);
      this.addressKeys.set(address, addressKey);
    }
    const [fromAddress, forKey] = await Promise.all([
      d.cache.countAttempt(cacheKeys.rateLimit('widget-events-address', `${addressKey}:${minute}`), 61),
      d.cache.countAttempt(cacheKeys.rateLimit('widget-events-key', `${body.key}:${minute}`), 61),
    ]);
    const { limits } = d;
    if (fromAddress > limits.perAddressPerMinute || forKey > limits.perKeyPerMinute) {
      const retryAfter = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now.getTime()) / 1000));
      return err(new AppError('events_limited', undefined, { retry_after: retryAfter }));
    }
    const widget = await this.widget(body.key);
    if (!widget) return err(new AppError('widget_not_found'));

    const day = saudiDay(now);
    const count = (type: CounterType, subject = '') => d.counter.add(widget.userId, day, type, subject);
    let counted = 0;
    let impression = false;
    for (const event of body.events) {
      switch (event.type) {
        case 'impression':
          if (impression) continue;
          impression = true;
          count('impression');
          break;
        case 'follow_click':
          count('follow_click');
          break;
        case 'story_open':
          count('story_open');
          break;
        case 'post_open':
          if (!widget.posts.has(event.post_id)) continue;
          count('post_open');
          count('post_open', event.post_id);
          break;
        case 'product_click':
          if (!widget.products.has(event.product_id)) continue;
          count('product_click');
          count('product_click', event.product_id);
          if (event.post_id && widget.posts.has(event.post_id)) count('post_product_click', event.post_id);
          break;
      }
      counted++;
    }
    return ok({ counted });
  }

  /** The merchant and the posts and products of a widget key, remembered for a minute. */
  private async widget(key: string): Promise<KnownWidget | undefined> {
    const memo = this.widgets.get(key);
    if (memo) return memo === 'missing' ? undefined : memo;
    const row = await this.d.snapshots.findByWidgetKey(key);
    const view = row && readSnapshot(row.body);
    if (!row || !view) {
      this.widgets.set(key, 'missing');
      return undefined;
    }
    const posts = new Set<string>();
    const products = new Set<string>();
    for (const post of view.data.content.feed) {
      posts.add(post.id);
      for (const product of post.products ?? []) products.add(product.id);
    }
    const known: KnownWidget = { userId: row.merchantId, posts, products };
    this.widgets.set(key, known);
    return known;
  }

  /** GET /api/merchant/insights: the last `days` Saudi days, today included, and the same span before. */
  async insights(userId: string, days: number): Promise<TInsights> {
    const { d } = this;
    // This process's own pending counts first, so a merchant who just tried the widget sees them.
    await d.counter.flush();
    const to = saudiDay(d.clock.now());
    const from = addDays(to, -(days - 1));
    const previousFrom = addDays(from, -days);

    const rows = await d.repo.dailyTotals(userId, previousFrom, to);
    const totals = zeroTotals();
    const previousTotals = zeroTotals();
    const byDay = new Map<string, TInsightsTotals>();
    for (const row of rows) {
      if (row.type === 'post_product_click') continue;
      const field = TOTAL_FIELDS[row.type];
      if (row.day < from) {
        previousTotals[field] += row.count;
        continue;
      }
      totals[field] += row.count;
      let day = byDay.get(row.day);
      if (!day) byDay.set(row.day, (day = zeroTotals()));
      day[field] += row.count;
    }
    const daily = Array.from({ length: days }, (_, i) => {
      const date = addDays(from, i);
      return { date, ...(byDay.get(date) ?? zeroTotals()) };
    });

    const snapshot = await d.snapshots.findByMerchant(userId);
    const view = snapshot ? readSnapshot(snapshot.body) : undefined;
    const feed = view?.data.content.feed ?? [];
    const [topPosts, topProducts] = await Promise.all([
      this.topPosts(userId, feed, from, to),
      this.topProducts(userId, feed, from, to),
    ]);
    return {
      days,
      from,
      to,
      totals,
      previous_totals: previousTotals,
      daily,
      top_posts: topPosts,
      top_products: topProducts,
    };
  }

  private async topPosts(
    userId: string,
    feed: SnapshotView['data']['content']['feed'],
    from: string,
    to: string,
  ): Promise<TInsightsTopPost[]> {
    const top = await this.d.repo.topSubjects(userId, 'post_open', from, to, TOP);
    const clicks = await this.d.repo.subjectCounts(
      userId,
      'post_product_click',
      top.map((t) => t.subject),
      from,
      to,
    );
    const posts = new Map(feed.map((p) => [p.id, p]));
    return top.map(({ subject, count }) => {
      const post = posts.get(subject);
      return {
        post_id: subject,
        opens: count,
        product_clicks: clicks.get(subject) ?? 0,
        image: post?.media?.image ?? null,
        caption: post ? post.caption.trim().slice(0, 120) : null,
        permalink: post?.sourceUrl ?? null,
      };
    });
  }

  private async topProducts(
    userId: string,
    feed: SnapshotView['data']['content']['feed'],
    from: string,
    to: string,
  ): Promise<TInsightsTopProduct[]> {
    const top = await this.d.repo.topSubjects(userId, 'product_click', from, to, TOP);
    if (top.length === 0) return [];
    // Which shown posts carry each product now: a product's views are the opens of those posts.
    const postsOf = new Map<string, string[]>();
    const info = new Map<string, z.infer<typeof ZProductRef>>();
    for (const post of feed) {
      for (const product of post.products ?? []) {
        postsOf.set(product.id, [...(postsOf.get(product.id) ?? []), post.id]);
        if (!info.has(product.id)) info.set(product.id, product);
      }
    }
    const linkedPosts = [...new Set(top.flatMap((t) => postsOf.get(t.subject) ?? []))];
    const opens = await this.d.repo.subjectCounts(userId, 'post_open', linkedPosts, from, to);
    return top.map(({ subject, count }) => {
      const product = info.get(subject);
      const views = (postsOf.get(subject) ?? []).reduce((sum, postId) => sum + (opens.get(postId) ?? 0), 0);
      const image: TStoredImage | null = product?.image ?? null;
      return {
        product_id: subject,
        name_ar: product?.name_ar ?? product?.name ?? null,
        name_en: product?.name_en ?? product?.name ?? null,
        image,
        clicks: count,
        views,
        click_through_rate: views > 0 ? Math.round((count / views) * 1000) / 10 : null,
      };
    });
  }

  /** Drops counters older than the retention period (cron; once a day per process is enough). */
  async applyRetention(): Promise<number> {
    const today = saudiDay(this.d.clock.now());
    if (this.retentionDay === today) return 0;
    this.retentionDay = today;
    return this.d.repo.deleteBefore(addDays(today, -INSIGHTS_RETENTION_DAYS));
  }
}
