import type { ComponentType } from 'preact';
import type { Track } from './beacon.js';
import type { CoreText } from './i18n.js';
import type {
  TAccountData,
  THighlightSummary,
  TStoredImage,
  TStoredMediaItem,
  TStoredStory,
  TWidgetInit,
  TWidgetPost,
  TWidgetProduct,
} from '@app/shared';

// Types only: nothing of @app/shared's zod schemas reaches the bundle.
export type InitData = TWidgetInit['data'];
/** A post of the snapshot: `products` when the merchant linked some (widget/README.md). */
export type Post = TWidgetPost;
export type Product = TWidgetProduct;
export type MediaItem = TStoredMediaItem;
export type Image = TStoredImage;
export type Highlight = THighlightSummary;
export type Story = TStoredStory;
export type Account = TAccountData;
export type Lang = 'ar' | 'en';
export type Layout = 'grid' | 'carousel' | 'masonry';

/** The settings the widget renders with: the server's customization_options with every gap filled. */
export interface Settings {
  title: string | undefined;
  subtitle: string | undefined;
  /** CSS margins ("0px 0px 8px 0px"). */
  title_margin: string;
  subtitle_margin: string;
  banner: boolean;
  bannerAfter: boolean;
  picture: boolean;
  stats: boolean;
  follow: boolean;
  followText: string;
  feed: boolean;
  /** 'grid' (the core's own), 'carousel' or 'masonry' (each its own chunk, src/layouts/). */
  layout: Layout;
  posts_limit: number;
  /** Whether "Load more" shows when the feed holds more than posts_limit posts. */
  loadMore: boolean;
  /** Carousel only: moves on by itself (off by default; never with prefers-reduced-motion). */
  autoplay: boolean;
  highlights: boolean;
  highlightsLimit: number;
  squareHighlights: boolean;
  primary: string;
  secondary: string;
  background: string;
  text: string;
  /** Secondary text colour, 4.5:1 on the background. */
  soft: string;
  gap: number;
  padding: number;
  perRow: number;
  maxWidth: number;
  /** 'fade', 'slide', 'zoom' (older settings) or 'none': how tiles appear. */
  animation: string;
  branding: boolean;
  /** The first line of each caption under its tile (grid and carousel). */
  captions: boolean;
  /** Likes and comments over a tile on hover and in the post's window (feed.show_counts). */
  counts: boolean;
  muted: boolean;
}

/** What the viewer chunk needs from the core to open a post or a highlight. */
export interface ViewerContext {
  lang: Lang;
  apiBase: string;
  widgetKey: string;
  settings: Settings;
  account: Account;
  username: string;
  /** The style the viewer's shadow root gets after its own (theme variables). */
  themeStyle: string;
  /** Called when a shopper follows a product card's "Shop now" link (before the store page opens). */
  onProductClick?: (productId: string, postId: string) => void;
  /** Reports an insights event (the core's own tiles, highlights and Follow button; see onProductClick). */
  track: Track;
}

/** What a layout chunk (src/layouts/) gets from the core's feed. */
export interface LayoutProps {
  /** The posts to show (posts_limit per page of "load more"). */
  posts: Post[];
  ctx: ViewerContext;
  t: CoreText;
  /** The grid's columns at this width (the carousel shows as many at a time, the masonry has as many). */
  cols: number;
  /** The grid's tile width in CSS px. */
  tile: number;
  /** The host's width in CSS px. */
  width: number;
  nearFold: boolean;
}
export type LayoutView = ComponentType<LayoutProps>;
