import { h } from 'preact';
import type { JSX } from 'preact';
import { Tile } from '../core/Tile.js';
import type { LayoutProps, Post } from '../core/types.js';
import css from './masonry.css?inline';

/** Portrait and landscape extremes beyond these are cropped (object-fit: cover), as Instagram's grid does. */
const TALLEST = 16 / 9;
const WIDEST = 1 / 1.91;

export interface Box {
  /** From the inline start (the right in Arabic), in CSS px. */
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where each post goes: columns of equal width, each post into the shortest column so far, at its own
 * aspect ratio (the picture's width and height are in the snapshot, so every box is known before any
 * picture loads: nothing moves when they arrive). Later posts never move earlier ones ("load more" adds
 * below). Returns the boxes in the posts' order and the height of the whole.
 */
export function masonry(
  posts: Pick<Post, 'media'>[],
  cols: number,
  inner: number,
  gap: number,
): { boxes: Box[]; height: number } {
  const w = (inner - gap * (cols - 1)) / cols;
  const columns: number[] = Array(cols).fill(0);
  const boxes = posts.map(({ media: { image } }) => {
    const tall = w * Math.min(TALLEST, Math.max(WIDEST, image.height / image.width));
    const c = columns.indexOf(Math.min(...columns));
    const y = columns[c]!;
    columns[c] = y + tall + gap;
    return { x: c * (w + gap), y, w, h: tall };
  });
  return { boxes, height: Math.max(0, Math.max(...columns) - gap) };
}

/** Preact leaves numbers as they are: CSS lengths need their unit. */
const px = (n: number) => `${n}px`;

/** The masonry layout: its own chunk, loaded only by widgets that use it. */
export default function Masonry({ posts, ctx, t, cols, width, nearFold }: LayoutProps): JSX.Element {
  const s = ctx.settings;
  const { boxes, height } = masonry(posts, cols, Math.min(width, s.maxWidth) - 2 * s.padding, s.gap);
  return (
    <div class="mas" style={{ height: px(height) }}>
      <style>{css}</style>
      {posts.map((post, i) => {
        const b = boxes[i]!;
        return (
          <Tile
            key={post.id}
            post={post}
            index={i}
            posts={posts}
            ctx={ctx}
            t={t}
            tile={Math.round(b.w)}
            eager={i < cols}
            nearFold={nearFold}
            style={{ insetInlineStart: px(b.x), top: px(b.y), width: px(b.w), height: px(b.h) }}
          />
        );
      })}
    </div>
  );
}
