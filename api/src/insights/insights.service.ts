import type { z } from 'zod';
import type {
  TInsights,
  TInsightsTopPost,
  TInsightsTopProduct,
  TInsightsTotals,
  TStoredImage,
  TWidgetEvent,
  TWidgetEventsBody,
  TWidgetEventType,
} from '@app/shared';
import type { CachePort } from '../cache/cache.port.js';
import type { SnapshotsRepository } from '../content/snapshots.repository.js';
import { AppError } from '../http/errors.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { addressSubject } from '../lib/rate-limit.js';
import { err, ok, type Result } from '../lib/result.js';
import { BeaconBudget, type EventLimits } from './beacon-budget.js';
import type { EventCounter } from './event-counter.js';
import { DAILY_ALLOWANCE, EVENT_RULES, type EventRule } from './event-rules.js';
import type { CounterType, InsightsRepository } from './insights.repository.js';
import {
  readSnapshot,
  WidgetViews,
  type KnownWidget,
  type SnapshotView,
  type ZProductRef,
} from './widget-views.js';

export type { EventLimits } from './beacon-budget.js';
/** Days of counters kept: a year and a bit, so a period can be compared with the same one a year ago. */
export const INSIGHTS_RETENTION_DAYS = 400;
/** Rows in top_posts and top_products. */
const TOP = 5;
const DAY_MS = 86_400_000;
/** Saudi Arabia keeps UTC+3 all year: a merchant's "today" starts at their midnight. */
const SAUDI_OFFSET_MS = 3 * 3_600_000;

/** The Saudi calendar day of an instant, YYYY-MM-DD. */
export const saudiDay = (at: Date): string =>
  new Date(at.getTime() + SAUDI_OFFSET_MS).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

const TOTAL_FIELDS: Record<
  Exclude<CounterType, 'post_product_click' | 'post_add_to_cart'>,
  keyof TInsightsTotals
> = {
  impression: 'impressions',
  post_open: 'post_opens',
  story_open: 'story_opens',
  product_click: 'product_clicks',
  follow_click: 'follow_clicks',
  add_to_cart: 'add_to_carts',
};
const zeroTotals = (): TInsightsTotals => ({
  impressions: 0,
  post_opens: 0,
  story_opens: 0,
  product_clicks: 0,
  follow_clicks: 0,
  add_to_carts: 0,
});

/** What this process counted for one merchant today, per event type (the daily caps compare with it). */
interface DayTally {
  day: string;
  counts: Map<TWidgetEventType, number>;
}

type Accepted = Result<{ counted: number }, AppError>;

/**
 * Insights: accepts the widget's event beacons (limited, checked against the widget's own posts and
 * products, counted per Saudi day) and answers the dashboard's totals, days and top lists.
 */
export class InsightsService {
  private retentionDay: string | undefined;
  /** The Saudi day of `dayMinute`, the latest minute a beacon was counted in (see dayOf). */
  private day = '';
  private dayMinute = -1;
  private readonly budget: BeaconBudget;
  private readonly views: WidgetViews;
  /**
   * Today's tally of each merchant whose beacons this process took today (only widgets it knows, so no
   * more than the merchants), emptied when the Saudi day changes.
   */
  private readonly tallies = new Map<string, DayTally>();
  /**
   * The events of the beacon being counted so far, by type and subject (reused: counting a beacon never
   * awaits). A beacon holds a few events, so a scan is cheaper than a map built and cleared per beacon.
   */
  private readonly seenTypes: string[] = [];
  private readonly seenSubjects: string[] = [];

  constructor(
    private readonly d: {
      repo: InsightsRepository;
      snapshots: SnapshotsRepository;
      counter: EventCounter;
      cache: CachePort;
      clock: Clock;
      logger: Logger;
      /** Keys the hashes that stand for client addresses in shared rate-limit counters (no address is kept). */
      addressSecret: Uint8Array;
      limits: EventLimits;
    },
  ) {
    this.budget = new BeaconBudget({
      limits: d.limits,
      // The in-process cache is this process's own: its counts here are already the truth.
      shared: d.cache.kind === 'redis' ? d.cache : undefined,
      addressSecret: d.addressSecret,
      logger: d.logger,
    });
    this.views = new WidgetViews({ snapshots: d.snapshots, clock: d.clock, logger: d.logger });
  }

  /** Starts adding the beacon budgets to the shared cache's counters (with the HTTP server). */
  startLimits(): void {
    this.budget.start();
  }

  async stopLimits(): Promise<void> {
    await this.budget.stop();
  }

  /** Adds this process's beacon counts to the shared cache's now (the timer does it every second). */
  syncLimits(): Promise<void> {
    return this.budget.sync();
  }

  /**
   * Counts one beacon's events. Answered from process memory (no database or cache round trip) once this
   * process knows the widget. The address's budget is spent first; a key that exists spends the store's
   * budget only for beacons the address's let through. Events the widget could not have sent are dropped
   * (see event-rules.ts).
   */
  accept(body: TWidgetEventsBody, address: string): Accepted | Promise<Accepted> {
    const now = this.d.clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (!this.budget.takeAddress(addressSubject(address), minute)) return limited(now, minute);
    const widget = this.views.get(body.key, now.getTime());
    return widget instanceof Promise
      ? widget.then((w) => this.countBeacon(body, w, now, minute))
      : this.countBeacon(body, widget, now, minute);
  }

  private countBeacon(
    body: TWidgetEventsBody,
    widget: KnownWidget | 'missing',
    now: Date,
    minute: number,
  ): Accepted {
    if (widget === 'missing') return err(new AppError('widget_not_found'));
    if (!this.budget.takeKey(body.key, minute)) return limited(now, minute);
    const day = this.dayOf(now, minute);
    const tally = this.tallyOf(widget.userId, day);
    const { seenTypes, seenSubjects } = this;
    seenTypes.length = 0;
    seenSubjects.length = 0;
    let counted = 0;
    for (const event of body.events) {
      const rule = EVENT_RULES[event.type] as EventRule;
      const subject = rule.subject(event, widget);
      if (subject === undefined) continue;
      let times = 1;
      for (let i = 0; i < seenTypes.length; i++) {
        if (seenTypes[i] === event.type && seenSubjects[i] === subject) times++;
      }
      if (times > rule.perBeacon) continue;
      seenTypes.push(event.type);
      seenSubjects.push(subject);
      if (!allowedToday(tally, event, rule)) continue;
      tally.counts.set(event.type, (tally.counts.get(event.type) ?? 0) + 1);
      const { counter } = this.d;
      counter.add(widget.userId, day, event.type, '');
      if (rule.bySubject) counter.add(widget.userId, day, event.type, subject);
      const also = rule.also?.(event, widget);
      if (also) counter.add(widget.userId, day, also.type, also.subject);
      counted++;
    }
    return ok({ counted });
  }

  /**
   * The Saudi day of `now`, worked out once a minute. Only a later minute moves it on (and a new day
   * empties the tallies): a beacon that waited for its widget's lookup across midnight counts for its own
   * day without emptying today's.
   */
  private dayOf(now: Date, minute: number): string {
    if (minute === this.dayMinute) return this.day;
    const day = saudiDay(now);
    if (minute > this.dayMinute) {
      if (day !== this.day) this.tallies.clear();
      this.dayMinute = minute;
      this.day = day;
    }
    return day;
  }

  /** The merchant's tally of `day`; one of an earlier day (a late beacon) is not kept over today's. */
  private tallyOf(userId: string, day: string): DayTally {
    const tally = this.tallies.get(userId);
    if (tally?.day === day) return tally;
    const fresh: DayTally = { day, counts: new Map() };
    if (!tally || day > tally.day) this.tallies.set(userId, fresh);
    return fresh;
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
      if (row.type === 'post_product_click' || row.type === 'post_add_to_cart') continue;
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
    const ids = top.map((t) => t.subject);
    const [clicks, carts] = await Promise.all([
      this.d.repo.subjectCounts(userId, 'post_product_click', ids, from, to),
      this.d.repo.subjectCounts(userId, 'post_add_to_cart', ids, from, to),
    ]);
    const posts = new Map(feed.map((p) => [p.id, p]));
    return top.map(({ subject, count }) => {
      const post = posts.get(subject);
      return {
        post_id: subject,
        opens: count,
        product_clicks: clicks.get(subject) ?? 0,
        add_to_carts: carts.get(subject) ?? 0,
        image: post?.media?.image ?? null,
        caption: post ? post.caption.trim().slice(0, 120) : null,
        permalink: post?.source_url ?? null,
      };
    });
  }

  private async topProducts(
    userId: string,
    feed: SnapshotView['data']['content']['feed'],
    from: string,
    to: string,
  ): Promise<TInsightsTopProduct[]> {
    // The products most clicked or most put in the cart: both lists, ranked by the two together.
    const [topClicked, topCarted] = await Promise.all([
      this.d.repo.topSubjects(userId, 'product_click', from, to, TOP),
      this.d.repo.topSubjects(userId, 'add_to_cart', from, to, TOP),
    ]);
    const subjects = [...new Set([...topClicked, ...topCarted].map((t) => t.subject))];
    if (subjects.length === 0) return [];
    const [clicks, carts] = await Promise.all([
      this.d.repo.subjectCounts(userId, 'product_click', subjects, from, to),
      this.d.repo.subjectCounts(userId, 'add_to_cart', subjects, from, to),
    ]);
    const score = (s: string) => (clicks.get(s) ?? 0) + (carts.get(s) ?? 0);
    const top = subjects
      .sort(
        (a, b) => score(b) - score(a) || (clicks.get(b) ?? 0) - (clicks.get(a) ?? 0) || a.localeCompare(b),
      )
      .slice(0, TOP)
      .map((subject) => ({ subject, count: clicks.get(subject) ?? 0 }));
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
        add_to_carts: carts.get(subject) ?? 0,
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

/** 429 events_limited, with the seconds until the next minute's budgets. */
function limited(now: Date, minute: number): Accepted {
  const retryAfter = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now.getTime()) / 1000));
  return err(new AppError('events_limited', undefined, { retry_after: retryAfter }));
}

/** Whether the day's counter of the event's type may still grow: a multiple of the day's impressions. */
function allowedToday(tally: DayTally, event: TWidgetEvent, rule: EventRule): boolean {
  if (rule.perImpression === undefined) return true;
  const impressions = tally.counts.get('impression') ?? 0;
  return (tally.counts.get(event.type) ?? 0) < rule.perImpression * impressions + DAILY_ALLOWANCE;
}
