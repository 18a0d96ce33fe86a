import { Component, Fragment, h } from 'preact';
import type { ComponentChildren, JSX } from 'preact';
import { readSettings } from './check.js';
import { coreText, type CoreText } from './i18n.js';
import { Img } from './Img.js';
import { measure } from './first-row.js';
import { extras, loadViewer, noop, Tile } from './Tile.js';
import { columnsFor, shownCount, tileWidth } from './layout.js';
import type { Track } from './beacon.js';
import type { Highlight, InitData, Lang, Layout, LayoutView, Settings, ViewerContext } from './types.js';

/** 'notice' only in the dashboard's preview: a store page hides the widget instead (index.ts). */
export type ViewState =
  { kind: 'loading' } | { kind: 'notice'; notice: NoticeKind } | { kind: 'ready'; data: InitData };

export interface RootProps {
  host: HTMLElement;
  state: ViewState;
  /** data-lang of the snippet (or the dashboard's language); wins over the merchant's saved language. */
  lang: Lang | undefined;
  apiBase: string;
  /** The insights beacon (store pages only). */
  track?: Track | undefined;
  /** How the preview explains a state a store page never shows. */
  notice?: Notice | undefined;
  /** The options of the last snapshot this page saw (index.ts): the skeleton takes their layout. */
  hint?: unknown;
}

/** The layouts other than the grid, each its own chunk (the loader may have started it already). */
const chunks = {
  carousel: () => import('../layouts/carousel.js'),
  masonry: () => import('../layouts/masonry.js'),
};
export const loadExtras = () => import('./extras.js');

/** The layout views loaded so far. */
export const views: Partial<Record<Layout, LayoutView>> = {};
/** Loads a layout's chunk (nothing for the grid); rejects when it cannot be fetched (the grid stands in). */
export const loadView = async (layout: Layout) => {
  if (layout !== 'grid') views[layout] = (await chunks[layout]()).default;
};
const instagramUrl = (username: string) => `https://www.instagram.com/${encodeURIComponent(username)}/`;
const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The theme as CSS variables on the host (and handed to the viewer's own shadow root). */
export function themeVars(s: Settings): string {
  const radius = s.gap > 0 ? Math.min(12, Math.max(4, s.gap)) : 0;
  return `--lw-bg:${s.background};--lw-fg:${s.text};--lw-mute:${s.soft};--lw-primary:${s.primary};--lw-on-primary:${s.secondary};--lw-gap:${s.gap}px;--lw-pad:${s.padding}px;--lw-r:${radius}px;--lw-max:${s.maxWidth}px`;
}

/** States only the dashboard's preview explains (preview.tsx); a store page shows nothing instead. */
export type NoticeKind = 'invalid' | 'notConnected' | 'empty' | 'crash';
export type Notice = (kind: NoticeKind, lang: Lang, apiBase: string) => JSX.Element | null;
const silent: Notice = () => null;

// The core's stateful components are classes: it carries no Preact hooks runtime (widget/README.md).
class Boundary extends Component<
  { notice: () => JSX.Element | null; children: ComponentChildren },
  { error?: unknown }
> {
  override componentDidCatch(error: unknown) {
    // Reported as a warning: a store's console is not the place for our stack traces.
    console.warn('[lamha]', error);
    this.setState({ error });
  }
  render(): JSX.Element | null {
    return this.state.error ? this.props.notice() : <>{this.props.children}</>;
  }
}

/** The whole widget: states, theme, direction and the container width that drives the grid. */
export class Root extends Component<RootProps, { width: number }> {
  // Eager, high-priority first row only when the widget starts near the screen: a widget far below the
  // fold must not compete with the store's own largest image.
  nearFold: boolean;
  observer?: ResizeObserver;
  constructor(props: RootProps) {
    super(props);
    const { width, nearFold } = measure(props.host);
    this.state = { width };
    this.nearFold = nearFold;
  }
  override componentDidMount() {
    this.observer = new ResizeObserver((entries) => {
      const width = entries[0]?.contentRect.width;
      // The observer's first report is the width measured in the constructor: a second render of the whole
      // feed for nothing, on a slow phone, while its first pictures wait to be painted.
      if (width && width !== this.state.width) this.setState({ width });
    });
    this.observer.observe(this.props.host);
  }
  override componentWillUnmount() {
    this.observer?.disconnect();
  }
  render(
    { host, state, lang: forcedLang, apiBase, track = noop, notice: explain = silent, hint }: RootProps,
    { width }: { width: number },
  ): JSX.Element | null {
    const data = state.kind === 'ready' ? state.data : undefined;
    const lang: Lang = forcedLang ?? (data?.config.language === 'en' ? 'en' : 'ar');
    const t = coreText(lang);
    const notice = (kind: NoticeKind) => explain(kind, lang, apiBase);
    const settings = readSettings(data ? data.config.customization_options : hint, lang);
    const theme = themeVars(settings);
    // Set while rendering, before the browser paints this frame (a layout effect's timing).
    if (host.getAttribute('style') !== theme) host.setAttribute('style', theme);

    if (data && !data.config.widget_enabled) return null;
    const cols = columnsFor(width, settings.perRow, settings.gap, settings.padding, settings.maxWidth);
    const tile = tileWidth(width, cols, settings.gap, settings.padding, settings.maxWidth);
    let body: JSX.Element | null;
    if (state.kind === 'loading') body = <Skeleton s={settings} cols={cols} />;
    else if (state.kind === 'notice') body = notice(state.notice);
    else {
      body = (
        <Feed
          data={state.data}
          settings={settings}
          t={t}
          lang={lang}
          apiBase={apiBase}
          track={track}
          cols={cols}
          tile={tile}
          width={width}
          nearFold={this.nearFold}
          theme={theme}
        />
      );
    }
    return (
      <div
        class={`root a-${settings.animation}`}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        lang={lang}
        style={{ '--lw-cols': cols }}
      >
        <Boundary notice={() => notice('crash')}>{body}</Boundary>
      </div>
    );
  }
}

/**
 * Placeholders (product §4: 3 highlights + posts_limit tiles) with the same heights as the real thing, in the
 * layout of the last snapshot the page saw (the default one the first time): a carousel is one row, a
 * masonry is drawn as a grid (its heights come with the posts).
 */
function Skeleton({ s, cols }: { s: Settings; cols: number }): JSX.Element {
  const tiles = s.layout === 'carousel' ? cols : shownCount(Infinity, s.posts_limit, cols, 1);
  return (
    <div class={`stack sk${s.captions ? ' c' : ''}`} aria-busy="true">
      <div class="head">
        <i class="bar title" />
        <i class="bar sub" />
      </div>
      <div class="banner">
        <i class="avatar" />
        <div class="who">
          <i class="bar" />
          <i class="bar short" />
        </div>
        <i class="follow" />
      </div>
      <ul class="hls">
        {[0, 1, 2].map((i) => (
          <li key={i} class="hl">
            <i class="ring" />
            <i class="bar short" />
          </li>
        ))}
      </ul>
      <div class="grid">
        {Array.from({ length: tiles }, (_, i) => (
          <i key={i} class="tile" />
        ))}
      </div>
      {s.loadMore && <i class="more" />}
      <i class="brand" />
    </div>
  );
}

interface FeedProps {
  data: InitData;
  settings: Settings;
  t: CoreText;
  lang: Lang;
  apiBase: string;
  track: Track;
  cols: number;
  tile: number;
  width: number;
  nearFold: boolean;
  theme: string;
}

class Feed extends Component<FeedProps, { pages: number }> {
  override state = { pages: 1 };
  render(props: FeedProps): JSX.Element {
    return feedView(props, this.state.pages, (pages) => this.setState({ pages }));
  }
}

function feedView(
  { data, settings: s, t, lang, apiBase, track, cols, tile, width, nearFold, theme }: FeedProps,
  pages: number,
  setPages: (pages: number) => void,
): JSX.Element {
  const { config, content } = data;
  const account = content.account_data;
  const username = config.instagram_username || content.username || account.username;
  // Loaded by now (boot; the preview's mount), or the grid stands in.
  const View = views[s.layout];
  const feed = s.feed ? content.feed : [];
  const highlights = s.highlights ? content.highlights.slice(0, s.highlightsLimit) : [];
  // The grid rounds up to whole rows; a carousel or masonry shows posts_limit a page.
  const posts = feed.slice(0, shownCount(feed.length, s.posts_limit, View ? 1 : cols, pages));
  const ctx: ViewerContext = {
    lang,
    apiBase,
    widgetKey: config.public_widget_key,
    settings: s,
    account,
    username,
    themeStyle: theme,
    track,
    onProductClick: (product_id, post_id) => track({ type: 'product_click', product_id, post_id }),
  };
  const banner = s.banner && <Banner ctx={ctx} eager={nearFold} />;
  const title = (s.title || s.subtitle) && (
    <div class="head">
      {s.title && (
        <h2 class="title" style={{ margin: s.title_margin }}>
          {s.title}
        </h2>
      )}
      {s.subtitle && (
        <p class="sub" style={{ margin: s.subtitle_margin }}>
          {s.subtitle}
        </p>
      )}
    </div>
  );
  const branding = s.branding && (
    <a class="brand" href={`${apiBase}/?source=${encodeURIComponent(location.hostname)}`} {...external}>
      {t.poweredBy}
    </a>
  );
  return (
    <div class="stack">
      {title}
      {!s.bannerAfter && banner}
      {highlights.length > 0 && <Highlights ctx={ctx} t={t} highlights={highlights} eager={nearFold} />}
      {posts.length > 0 &&
        (View ? (
          <View posts={posts} ctx={ctx} t={t} cols={cols} tile={tile} width={width} nearFold={nearFold} />
        ) : (
          <div class="grid">
            {posts.map((post, i) => (
              <Tile
                key={post.id}
                post={post}
                index={i}
                posts={posts}
                ctx={ctx}
                t={t}
                tile={tile}
                eager={i < cols}
                nearFold={nearFold}
              />
            ))}
          </div>
        ))}
      {s.loadMore && posts.length < feed.length && (
        <button type="button" class="more" onClick={() => setPages(pages + 1)}>
          {t.more}
        </button>
      )}
      {s.bannerAfter && banner}
      {branding}
    </div>
  );
}

function Banner({ ctx, eager }: { ctx: ViewerContext; eager: boolean }): JSX.Element {
  const { account, settings: s, username, apiBase } = ctx;
  const picture = account.profile_picture;
  const href = instagramUrl(username);
  return (
    <div class="banner">
      {s.picture && (
        <a class="avatar" href={href} {...external} tabIndex={-1} aria-hidden="true">
          {picture && (
            <Img
              apiBase={apiBase}
              image={picture}
              sizes="64px"
              alt=""
              unavailable=""
              eager={eager}
              fade={false}
            />
          )}
        </a>
      )}
      <div class="who">
        <a class="name" href={href} {...external}>
          <bdi>{account.name || username}</bdi>
          {account.is_verified && extras.Verified && <extras.Verified lang={ctx.lang} />}
        </a>
        <span class="user">
          <bdi>@{username}</bdi>
        </span>
        {s.stats && extras.Stats && <extras.Stats account={account} lang={ctx.lang} />}
      </div>
      {s.follow && (
        <a class="follow" href={href} {...external} onClick={() => ctx.track({ type: 'follow_click' })}>
          {s.followText}
        </a>
      )}
    </div>
  );
}

function Highlights({
  ctx,
  t,
  highlights,
  eager,
}: {
  ctx: ViewerContext;
  t: CoreText;
  highlights: Highlight[];
  eager: boolean;
}): JSX.Element {
  return (
    <ul class={`hls${ctx.settings.squareHighlights ? ' sq' : ''}`} aria-label={t.highlights}>
      {highlights.map((item, i) => (
        <li key={item.id} class="hl">
          <button
            type="button"
            onClick={(e) => {
              const opener = e.currentTarget;
              ctx.track({ type: 'story_open' });
              loadViewer()
                .then((v) => v.openStories(ctx, highlights, i, opener))
                .catch(noop);
            }}
          >
            <span class="ring">
              {item.cover && (
                <Img
                  apiBase={ctx.apiBase}
                  image={item.cover}
                  sizes="64px"
                  alt=""
                  unavailable=""
                  eager={eager}
                  fade={false}
                />
              )}
            </span>
            <span class="hlt" dir="auto">
              {item.title}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
