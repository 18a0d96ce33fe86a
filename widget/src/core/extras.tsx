import { h } from 'preact';
import type { JSX } from 'preact';
import { FOLLOWER_WORDS, formatCount, pluralForm, POST_WORDS, type TCountWords } from '@app/shared';
import { COMMENT, HEART, Icon } from './icons.js';
import { Verified } from './verified.js';
import { extras } from './Tile.js';
import type { Account, Lang, Post } from './types.js';

// The extras chunk: what a store page needs only after the feed shows, fetched then (index.ts): the hover,
// the banner's counts and verified mark, the products bag on tiles (none of them changes a box's size, so
// nothing moves when they arrive). The dashboard's preview takes them from it too. It registers the hover with the core itself; that import
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

const PRODUCTS = { en: 'Products', ar: 'منتجات' };

/** The products mark on a tile: a shopping bag. */
export const Bag = ({ lang }: { lang: Lang }) => (
  <span
    class="bag"
    style="position:absolute;top:8px;inset-inline-start:8px;padding:5px;border-radius:50%;background:#fff;color:#111"
    role="img"
    aria-label={PRODUCTS[lang]}
  >
    <Icon d="M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2" size={16} />
  </span>
);

/** "7.3 ألف متابع", "منشوران", "56 منشورًا". */
const Count = ({ n, lang, words }: { n: number; lang: Lang; words: TCountWords }) => (
  <span>{pluralForm(n, lang, words[lang]).replace('#', formatCount(n, lang))}</span>
);

/** The banner's followers and posts (their line is inside the banner's height: nothing moves). */
export const Stats = ({ account, lang }: { account: Account; lang: Lang }) =>
  (account.followers_count !== null || account.media_count !== null) && (
    <span style="display:flex;flex-wrap:wrap;gap:0 12px;font-size:13px;line-height:18px">
      {account.followers_count !== null && (
        <Count n={account.followers_count} lang={lang} words={FOLLOWER_WORDS} />
      )}
      {account.media_count !== null && <Count n={account.media_count} lang={lang} words={POST_WORDS} />}
    </span>
  );

Object.assign(extras, { Hover, Bag, Stats, Verified });
