import { h } from 'preact';
import type { CSSProperties, JSX } from 'preact';
import type { CoreText } from './i18n.js';
import { CAROUSEL, Icon, PLAY } from './icons.js';
import { Img } from './Img.js';
import type { Account, Lang, Post, ViewerContext } from './types.js';

// A post's tile: the grid's (App.tsx) and the layout chunks' (src/layouts/), which import it from here.

export const noop = () => {};
export const loadViewer = () => import('../viewer/viewer.js');

/**
 * What the extras chunk (extras.tsx) registers when it arrives, after the feed shows: the likes and comments
 * a tile shows on hover (nothing to see before a pointer rests on a tile), the products bag on a tile, the
 * banner's counts and verified mark. Until then they are simply not drawn.
 */
export const extras: {
  Hover?: (props: { post: Post; lang: Lang }) => JSX.Element;
  Bag?: (props: { lang: Lang }) => JSX.Element;
  Verified?: (props: { lang: Lang }) => JSX.Element;
  Stats?: (props: { account: Account; lang: Lang }) => JSX.Element | false;
} = {};
export interface TileProps {
  post: Post;
  index: number;
  /** The posts the viewer steps through from this one. */
  posts: Post[];
  ctx: ViewerContext;
  t: CoreText;
  /** Rendered width in CSS px, for `sizes`. */
  tile: number;
  /** Loaded at once (the first row, the first view of a carousel). */
  eager: boolean;
  nearFold: boolean;
  /** Masonry: the tile's own box (position and size); no caption under it. */
  style?: CSSProperties;
}

/** One post: its picture, marks (album, video, products), likes and comments on hover, the caption's first line. */
export function Tile({ post, index, posts, ctx, t, tile, eager, nearFold, style }: TileProps): JSX.Element {
  const caption = post.caption.trim();
  const kind = post.media_type === 'CAROUSEL_ALBUM' ? CAROUSEL : post.type === 'video' ? PLAY : '';
  const button = (
    <button
      type="button"
      class="tile"
      style={style}
      onClick={(e) => {
        const opener = e.currentTarget;
        ctx.track({ type: 'post_open', post_id: post.id });
        loadViewer()
          .then((v) => v.openPost(ctx, posts, index, opener))
          .catch(noop);
      }}
    >
      <Img
        apiBase={ctx.apiBase}
        image={post.media.image}
        sizes={`${tile}px`}
        alt={caption.slice(0, 100) || t.openPost}
        unavailable={t.imageUnavailable}
        eager={eager}
        high={eager && nearFold}
        fade={false}
      />
      {kind && (
        <span class="kind">
          <Icon d={kind} fill size={20} />
        </span>
      )}
      {!!post.products?.length && extras.Bag && <extras.Bag lang={ctx.lang} />}
      {extras.Hover && ctx.settings.counts && <extras.Hover post={post} lang={ctx.lang} />}
    </button>
  );
  // The caption in its own direction (an Arabic caption in an English widget reads right to left); the
  // picture's alt already gives it to screen readers.
  return ctx.settings.captions ? (
    <div>
      {button}
      <p class="cap" dir="auto" aria-hidden="true">
        {caption.split('\n')[0]}
      </p>
    </div>
  ) : (
    button
  );
}
