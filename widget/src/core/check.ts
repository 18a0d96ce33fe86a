import type { InitData, Lang, Settings } from './types.js';

export type Loose = Record<string, unknown> | undefined | null;

export const obj = (v: unknown): Loose =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
const num = (v: unknown, fallback: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback;
const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const color = (v: unknown, fallback: string) =>
  typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v) ? v : fallback;

/**
 * Every key in snake_case, at every depth: snapshots and page hints stored before the wire became
 * snake_case (docs/api.md) spell some keys in camelCase (`customizationOptions.titleSettings`).
 */
const snakeKeys = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(snakeKeys)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v).map(([k, x]) => [
            k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase()),
            snakeKeys(x),
          ]),
        )
      : v;

export const isImage = (v: unknown) => {
  const renditions = obj(v)?.renditions;
  return (
    Array.isArray(renditions) &&
    renditions.length > 0 &&
    renditions.every((r: Loose) => typeof r?.path === 'string' && num(r.width, 0) > 0 && num(r.height, 0) > 0)
  );
};
const isMedia = (v: unknown) => isImage(obj(v)?.image);
export const isPost = (v: unknown) => {
  const p = obj(v);
  return (
    typeof p?.id === 'string' &&
    typeof p.caption === 'string' &&
    isMedia(p.media) &&
    Array.isArray(p.children) &&
    p.children.every(isMedia)
  );
};
const isHighlight = (v: unknown) => {
  const h = obj(v);
  return typeof h?.id === 'string' && (h.cover === null || isImage(h.cover));
};

/**
 * Checks the shape of a /api/widget/init answer (or the data the dashboard passes to `mount`).
 *
 * Hand-written on purpose instead of `ZWidgetInit.parse`: zod would triple the core bundle, and a store page
 * needs only the structure it reads. Fields the widget reads are checked (or defaulted in `readSettings`);
 * malformed posts and highlights are dropped one by one rather than failing the whole widget.
 */
export function readInitData(data: unknown): InitData | undefined {
  // Only an old snapshot is walked (its settings are spelled `customizationOptions`, as the server checks in
  // parseWidgetSnapshot): a walk over every post costs a slow phone tens of milliseconds before the feed.
  const old = obj(obj(data)?.config)?.customizationOptions !== undefined;
  const d = obj(old ? snakeKeys(data) : data) as InitData | undefined;
  const content = obj(d?.content) as InitData['content'] | undefined;
  const account = obj(content?.account_data) as InitData['content']['account_data'] | undefined;
  if (typeof obj(d?.config)?.widget_enabled !== 'boolean' || !content || !account) return undefined;
  if (!Array.isArray(content.feed) || !Array.isArray(content.highlights)) return undefined;
  return {
    ...d!,
    content: {
      ...content,
      feed: content.feed.filter(isPost),
      highlights: content.highlights.filter(isHighlight),
      account_data: {
        ...account,
        profile_picture: isImage(account.profile_picture) ? account.profile_picture : null,
      },
    },
  };
}

/** The body of GET /api/widget/init: `{status: 'success', data}`. */
export function readInitBody(body: unknown): InitData | undefined {
  const b = obj(body);
  return b?.status === 'success' ? readInitData(b.data) : undefined;
}

/** Margins in px as CSS: top, right, bottom, left. */
const margins = (v: unknown) => {
  const m = obj(v);
  return ['top', 'right', 'bottom', 'left'].map((side) => `${num(m?.[side], 0)}px`).join(' ');
};

const MAX_WIDTH: Record<string, number> = { small: 640, medium: 960, large: 1240 };

/**
 * The dashboard's default texts (DEFAULT_TITLE_AR, DEFAULT_SUBTITLE_AR, DEFAULT_FOLLOW_TEXT_AR in
 * @app/shared, copied: importing them would pull that module's zod schemas into the bundle; a unit test
 * keeps the copies equal). A merchant who kept a default gets it in the page's language; their own
 * wording is shown as written.
 */
export const DEFAULT_TEXTS: [ar: string, en: string][] = [
  ['تابعونا على إنستغرام', 'Follow us on Instagram'],
  ['شاهد أحدث منشوراتنا ولحظاتنا', 'See our latest posts and moments'],
  ['متابعة', 'Follow'],
];

const localized = (text: string, lang: Lang) =>
  lang === 'en' ? (DEFAULT_TEXTS.find(([ar]) => ar === text)?.[1] ?? text) : text;

/**
 * Why the store page shows nothing for this snapshot, or undefined when there is something to show: turned
 * off (or the plan expired), no Instagram account yet, or neither posts nor highlights to show. The
 * dashboard's preview explains the last two (preview.tsx).
 */
export function hiddenReason(
  data: InitData,
  lang: Lang | undefined,
): 'off' | 'notConnected' | 'empty' | undefined {
  const { config, content } = data;
  if (!config.widget_enabled) return 'off';
  const username = config.instagram_username || content.username || content.account_data.username;
  if (!username || username === 'instagram') return 'notConnected';
  const s = readSettings(config.customization_options, lang ?? 'ar');
  const highlights = s.highlights ? Math.min(content.highlights.length, s.highlightsLimit) : 0;
  if ((s.feed ? content.feed.length : 0) + highlights === 0) return 'empty';
  return undefined;
}

/**
 * What decides the grid's first row: whether the feed shows, its layout, and the geometry columnsFor and
 * tileWidth (layout.ts) take. Part of readSettings; the loader reads it alone to ask for the first row's
 * pictures before the core has arrived (first-row.ts).
 */
export function readGrid(
  o: Loose,
): Pick<Settings, 'feed' | 'layout' | 'gap' | 'padding' | 'perRow' | 'maxWidth'> {
  const feed = obj(o?.feed);
  const spacing = obj(o?.spacing);
  const layout = feed?.layout;
  return {
    feed: bool(feed?.enabled, true),
    layout: layout === 'carousel' || layout === 'masonry' ? layout : 'grid',
    gap: Math.min(num(spacing?.item_spacing, 10), 40),
    padding: Math.min(num(spacing?.container_padding, 15), 60),
    perRow: Math.min(Math.max(Math.round(num(obj(o?.density)?.items_per_row, 4)), 1), 8),
    maxWidth: MAX_WIDTH[str(o?.display_size)] ?? 960,
  };
}

/** product §9 defaults fill whatever the options leave out (posts_limit 9, highlights 5, spacing 10, padding 15, 4 per row). */
export function readSettings(options: unknown, lang: Lang): Settings {
  const o = obj(snakeKeys(options));
  const account = obj(o?.account_info);
  const feed = obj(o?.feed);
  const highlights = obj(o?.highlights);
  const colors = obj(o?.colors);
  const titles = obj(o?.title_settings);
  const layout = feed?.layout;
  const primary = color(colors?.primary, '#000000');
  const secondary = color(colors?.secondary, '#ffffff');
  // English pages show the English texts when the merchant wrote them (older settings have none).
  const text = (ar: unknown, en: unknown) =>
    (lang === 'en' && str(en).trim()) || localized(str(ar).trim(), lang) || undefined;
  return {
    ...readGrid(o),
    title: bool(titles?.title_enabled, false) ? text(titles?.title, titles?.title_en) : undefined,
    subtitle: bool(titles?.subtitle_enabled, false) ? text(titles?.subtitle, titles?.subtitle_en) : undefined,
    title_margin: margins(titles?.title_margin),
    subtitle_margin: margins(titles?.subtitle_margin),
    banner: bool(account?.enabled, true),
    bannerAfter: account?.position === 'after_posts',
    picture: bool(account?.show_profile_picture, true),
    stats: bool(account?.show_statistics, true),
    follow: bool(account?.show_follow_button, true),
    followText: localized(str(account?.follow_button_text).trim() || DEFAULT_TEXTS[2]![0], lang),
    loadMore: bool(feed?.show_load_more, true),
    autoplay: bool(feed?.autoplay, false),
    posts_limit: Math.round(num(feed?.posts_limit, 9)) || 9,
    highlights: bool(highlights?.enabled, true),
    highlightsLimit: Math.round(num(highlights?.limit, 5)),
    squareHighlights: highlights?.layout === 'square',
    primary,
    secondary,
    background: color(colors?.background, secondary),
    text: color(colors?.text, primary),
    // Secondary text (@username, subtitle, branding): the server derives it at 4.5:1 (shared contrast.ts).
    soft: color(colors?.muted, color(colors?.text, primary)),
    animation: str(o?.animation) || 'fade',
    branding: bool(obj(o?.branding)?.show, true),
    // Captions go under grid and carousel tiles; a masonry's boxes are the pictures alone.
    captions: layout !== 'masonry' && bool(obj(o?.text)?.show_captions, false),
    counts: bool(feed?.show_counts, true),
    muted: bool(o?.mute_videos, true),
  };
}
