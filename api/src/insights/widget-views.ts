import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { parseWidgetSnapshot, ZStoredImage } from '@app/shared';
import type { SnapshotsRepository } from '../content/snapshots.repository.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

/** What the insights read of a snapshot: only the fields they use, anything else ignored. */
export const ZProductRef = z.looseObject({
  id: z.string(),
  name_ar: z.string().nullish(),
  name_en: z.string().nullish(),
  name: z.string().nullish(),
  image: ZStoredImage.nullish(),
});
/** A switch the widget reads as on unless the snapshot says false (widget/src/core/check.ts). */
const on = z.boolean().optional().catch(undefined);
const ZShownParts = z
  .looseObject({
    feed: z.looseObject({ enabled: on }).optional().catch(undefined),
    highlights: z
      .looseObject({ enabled: on, limit: z.number().int().nonnegative().optional().catch(undefined) })
      .optional()
      .catch(undefined),
    account_info: z.looseObject({ enabled: on, show_follow_button: on }).optional().catch(undefined),
  })
  .optional()
  .catch(undefined);
export const ZSnapshotView = z.object({
  data: z.object({
    config: z
      .looseObject({ widget_enabled: on, customization_options: ZShownParts })
      .optional()
      .catch(undefined),
    content: z.object({
      feed: z.array(
        z.looseObject({
          id: z.string(),
          caption: z.string().catch(''),
          source_url: z.string().nullish(),
          media: z.looseObject({ image: ZStoredImage.nullish() }).nullish(),
          products: z.array(ZProductRef).nullish().catch(null),
        }),
      ),
      highlights: z
        .array(z.looseObject({ id: z.string() }))
        .optional()
        .catch(undefined),
    }),
  }),
});
export type SnapshotView = z.infer<typeof ZSnapshotView>;

export function readSnapshot(body: string): SnapshotView | undefined {
  try {
    const parsed = ZSnapshotView.safeParse(parseWidgetSnapshot(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A widget as the events endpoint knows it: its merchant and what its visitors can see and open right
 * now, as its snapshot shows it (the widget renders the same settings, so an event about anything else
 * can only come from a hand-made request).
 */
export interface KnownWidget {
  userId: string;
  /** The widget renders at all (enabled, plan not expired). */
  shown: boolean;
  posts: ReadonlySet<string>;
  products: ReadonlySet<string>;
  highlights: ReadonlySet<string>;
  /** The banner with its follow button is shown. */
  follow: boolean;
}

export function knownWidget(userId: string, view: SnapshotView): KnownWidget {
  const config = view.data.config;
  const options = config?.customization_options;
  const shown = config?.widget_enabled !== false;
  const posts = new Set<string>();
  const products = new Set<string>();
  if (shown && options?.feed?.enabled !== false) {
    for (const post of view.data.content.feed) {
      posts.add(post.id);
      for (const product of post.products ?? []) products.add(product.id);
    }
  }
  const highlights = new Set<string>();
  if (shown && options?.highlights?.enabled !== false) {
    const all = view.data.content.highlights ?? [];
    for (const h of all.slice(0, options?.highlights?.limit ?? all.length)) highlights.add(h.id);
  }
  const banner = options?.account_info;
  return {
    userId,
    shown,
    posts,
    products,
    highlights,
    follow: shown && banner?.enabled !== false && banner?.show_follow_button !== false,
  };
}

/** How long a process uses what it read of a widget before checking its snapshot again (in the background). */
export const WIDGET_VIEW_MS = 60_000;
/** How soon after the last look an unknown key makes the list of keys be read again. */
export const KEYS_RECHECK_MS = 5_000;
/**
 * Unknown keys looked up one by one a second at most while the list is not due for a read: a store whose
 * widget was built a moment ago (its first visitors) is counted at once, and a flood of made-up keys costs
 * the database no more than this.
 */
export const DIRECT_LOOKUPS_PER_SECOND = 20;
/** How often the list of keys is read whole (keys that went away leave it then). */
const KEYS_FULL_RELOAD_MS = 10 * 60_000;
/** Read back this far before the last incremental read, for snapshots built on machines whose clocks differ. */
const KEYS_OVERLAP_MS = 60_000;

type View = KnownWidget | 'missing';
interface Memo {
  view: View;
  etag: string | undefined;
  checkedAt: number;
}

/**
 * The widgets the events endpoint can count for, in process memory: every beacon is checked against it
 * without a database or cache round trip. The set of existing widget keys is held whole (one entry per
 * merchant, read again incrementally), so a beacon naming a key that does not exist is answered from it
 * and leaves nothing behind; what a widget shows is read from its snapshot once and checked again every
 * minute in the background.
 */
export class WidgetViews {
  private keys = new Set<string>();
  private keysCheckedAt = -Infinity;
  private keysFullAt = -Infinity;
  private keysReading: Promise<void> | undefined;
  private directSecond = -1;
  private directLookups = 0;
  private readonly memo: LRUCache<string, Memo>;
  private readonly loading = new Map<string, Promise<View>>();

  constructor(
    private readonly d: {
      snapshots: Pick<SnapshotsRepository, 'findByWidgetKey' | 'etagByWidgetKey' | 'widgetKeysBuiltSince'>;
      clock: Clock;
      logger: Logger;
      /** Widgets remembered at once (every active one: never fewer than the busy stores). */
      max?: number;
    },
  ) {
    this.memo = new LRUCache({ max: d.max ?? 100_000 });
  }

  /** The widget of `key` now, or the promise of it when this process has not read it yet. */
  get(key: string, now = this.d.clock.now().getTime()): View | Promise<View> {
    const memo = this.memo.get(key);
    if (memo) {
      if (now - memo.checkedAt >= WIDGET_VIEW_MS && !this.loading.has(key)) void this.load(key, memo);
      return memo.view;
    }
    if (this.keys.has(key)) return this.loading.get(key) ?? this.load(key, undefined);
    const found = () =>
      this.keys.has(key) ? (this.loading.get(key) ?? this.load(key, undefined)) : 'missing';
    if (now - this.keysCheckedAt >= KEYS_RECHECK_MS) return this.readKeys().then(found);
    if (!this.takeDirectLookup(now)) return 'missing';
    return this.d.snapshots.etagByWidgetKey(key).then(
      (etag) => {
        if (etag !== undefined) this.keys.add(key);
        return found();
      },
      (err: unknown) => {
        this.d.logger.warn({ err }, 'could not look up a widget key');
        return 'missing' as const;
      },
    );
  }

  private takeDirectLookup(now: number): boolean {
    const second = Math.floor(now / 1000);
    if (second !== this.directSecond) {
      this.directSecond = second;
      this.directLookups = 0;
    }
    return this.directLookups++ < DIRECT_LOOKUPS_PER_SECOND;
  }

  /** Reads the existing keys again: the ones built lately, or all of them every ten minutes. */
  private readKeys(): Promise<void> {
    this.keysReading ??= (async () => {
      const started = this.d.clock.now();
      const full = started.getTime() - this.keysFullAt >= KEYS_FULL_RELOAD_MS;
      const since = full ? undefined : new Date(this.keysCheckedAt - KEYS_OVERLAP_MS);
      try {
        const found = await this.d.snapshots.widgetKeysBuiltSince(since);
        if (full) {
          this.keys = new Set(found);
          this.keysFullAt = started.getTime();
        } else for (const key of found) this.keys.add(key);
      } catch (err) {
        this.d.logger.warn({ err }, 'could not read the widget keys; unknown keys are refused meanwhile');
      }
      this.keysCheckedAt = started.getTime();
    })().finally(() => (this.keysReading = undefined));
    return this.keysReading;
  }

  private load(key: string, previous: Memo | undefined): Promise<View> {
    const work = (async (): Promise<View> => {
      const checkedAt = this.d.clock.now().getTime();
      let memo: Memo;
      try {
        // An unchanged snapshot (the usual case) costs its ETag, not its body.
        const etag = previous && (await this.d.snapshots.etagByWidgetKey(key));
        if (previous && etag !== undefined && etag === previous.etag) memo = { ...previous, checkedAt };
        else {
          const row = await this.d.snapshots.findByWidgetKey(key);
          const parsed = row && readSnapshot(row.body);
          memo = {
            view: row && parsed ? knownWidget(row.merchantId, parsed) : 'missing',
            etag: row?.etag,
            checkedAt,
          };
        }
      } catch (err) {
        // Keep what was known for another minute: a database hiccup must not drop a busy store's events.
        this.d.logger.warn({ err }, 'could not read a widget snapshot for insights');
        if (!previous) throw err;
        memo = { ...previous, checkedAt };
      }
      this.memo.set(key, memo);
      return memo.view;
    })().finally(() => this.loading.delete(key));
    this.loading.set(key, work);
    return work;
  }
}
