import type { Track } from './beacon.js';
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

export interface Margins {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The settings the widget renders with: the server's customizationOptions with every gap filled. */
export interface Settings {
  title: string | undefined;
  subtitle: string | undefined;
  titleMargin: Margins;
  subtitleMargin: Margins;
  banner: boolean;
  bannerAfter: boolean;
  picture: boolean;
  stats: boolean;
  follow: boolean;
  followText: string;
  feed: boolean;
  postsLimit: number;
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
  animation: string;
  branding: boolean;
  captions: boolean;
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
