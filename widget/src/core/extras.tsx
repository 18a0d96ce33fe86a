import { h } from 'preact';
import type { JSX } from 'preact';
import { formatCount } from '@app/shared';
import { COMMENT, HEART, Icon } from './icons.js';
import { extras } from './Tile.js';
import type { Lang, Post } from './types.js';

// The extras chunk: what a store page needs only after the feed shows, fetched then (index.ts). The
// dashboard's preview takes the hover from it too. It registers the hover with the core itself; that import
// of Tile.js also keeps the bundler from moving Preact and the icons out of the core into a chunk of their own.
export { startInsights } from './beacon.js';

/** A tile's likes and comments, shown over the picture on hover or keyboard focus (devices with a mouse). */
export function Hover({ post, lang }: { post: Post; lang: Lang }): JSX.Element {
  const count = (icon: string, n: number | null) =>
    n !== null && (
      <span style={ITEM}>
        <Icon d={icon} fill size={18} />
        {formatCount(n, lang)}
      </span>
    );
  return (
    <span class="hover" style={OVERLAY} aria-hidden="true">
      {count(HEART, post.like_count)}
      {count(COMMENT, post.comment_count)}
    </span>
  );
}

// Inline, so the core's stylesheet carries only the hover rule that reveals it.
const ITEM = 'display:flex;align-items:center;gap:6px';
const OVERLAY = `${ITEM};justify-content:center;gap:18px;position:absolute;inset:0;background:rgba(0,0,0,.38);color:#fff;font-size:15px;font-weight:700`;

extras.Hover = Hover;
