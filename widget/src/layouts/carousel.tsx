import { h } from 'preact';
import type { JSX } from 'preact';
// Only hooks the core has already (useEffect would add itself to the core, not to this chunk).
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Tile } from '../core/Tile.js';
import { Icon, PLAY } from '../core/icons.js';
import type { LayoutProps } from '../core/types.js';
import css from './carousel.css?inline';

const TEXT = {
  en: { prev: 'Previous posts', next: 'Next posts', pause: 'Pause the carousel', play: 'Play the carousel' },
  ar: { prev: 'المنشورات السابقة', next: 'المنشورات التالية', pause: 'إيقاف التمرير', play: 'تشغيل التمرير' },
};
/** A chevron pointing to the inline start (left in English); mirrored in Arabic, and for "next". */
const CHEVRON = 'M15 18l-6-6 6-6';
const PAUSE = 'M9 6v12M15 6v12';
/** Autoplay moves one post this often (only when the merchant turned it on). */
export const AUTOPLAY_MS = 4000;

/**
 * Which tile a key moves focus to from tile `i` of `count`, or undefined for other keys. Arrow keys follow
 * the reading direction: in Arabic the left arrow goes to the next post (the row runs right to left).
 */
export function keyTarget(key: string, i: number, count: number, rtl: boolean): number | undefined {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return Math.min(count - 1, i + 1);
  if (key === back) return Math.max(0, i - 1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * The carousel layout, its own chunk: one row that scrolls sideways and snaps to posts (swipe on phones,
 * arrows on devices with a mouse, arrow keys between posts), as many posts at a time as the grid has
 * columns, the next one peeking in from the edge. Smooth scrolling and autoplay stop under
 * prefers-reduced-motion; autoplay (off unless the merchant chose it) pauses while the pointer or focus
 * is on the carousel and stops for good at the shopper's first touch, key or click.
 */
export default function Carousel({ posts, ctx, t, cols, tile, nearFold }: LayoutProps): JSX.Element {
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState([true, true]);
  const [playing, setPlaying] = useState(ctx.settings.autoplay);
  const paused = useRef(false);
  const rtl = ctx.lang === 'ar';
  const text = TEXT[ctx.lang];
  const el = () => track.current!;
  // Scroll positions run negative to the left in a right-to-left row: compare magnitudes.
  const measure = () => {
    const x = Math.abs(el().scrollLeft);
    setEdges([x < 2, x + el().clientWidth > el().scrollWidth - 2]);
  };
  useLayoutEffect(measure, [posts.length, tile]);
  /** Scrolls by `n` posts towards the end (negative: the start); snapping settles on a post. */
  const move = (n: number) => el().scrollBy({ left: n * (tile + ctx.settings.gap) * (rtl ? -1 : 1) });
  useLayoutEffect(() => {
    if (!playing || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      if (paused.current || document.hidden) return;
      const x = Math.abs(el().scrollLeft);
      if (x + el().clientWidth > el().scrollWidth - 2) el().scrollTo({ left: 0 });
      else move(1);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, tile]);
  const stop = () => setPlaying(false);
  const hold = (on: boolean) => () => {
    paused.current = on;
  };
  /**
   * Brings a post that just took the keyboard focus fully into view. The browser scrolls it into view
   * itself, but with smooth scrolling and snap points a focus that lands while the last scroll still moves
   * (Tab pressed quickly) can leave the row snapped a post short with the focused post hidden: this runs in
   * the next frame and when that scroll ends. A scroll the shopper makes later is left alone.
   */
  const revealing = useRef(false);
  const reveal = () => {
    const row = el();
    const item = (row.getRootNode() as ShadowRoot).activeElement?.closest('.track > *');
    if (!revealing.current || !item || !row.contains(item)) return;
    const pad = parseFloat(getComputedStyle(row).paddingLeft);
    const box = row.getBoundingClientRect();
    const r = item.getBoundingClientRect();
    const before = r.left - box.left - pad;
    const after = r.right - box.right + pad;
    if (before < -1) row.scrollBy({ left: before });
    else if (after > 1) row.scrollBy({ left: after });
  };
  const leave = () => {
    revealing.current = false;
  };
  useLayoutEffect(() => {
    const row = el();
    const done = () => {
      reveal();
      leave();
    };
    row.addEventListener('scrollend', done);
    return () => row.removeEventListener('scrollend', done);
  }, []);
  const arrow = (back: boolean) => (
    <button
      type="button"
      class={`arr ${back ? 'prev' : 'next'}`}
      style={{ top: `${tile / 2 - 18}px` }}
      aria-label={back ? text.prev : text.next}
      disabled={edges[back ? 0 : 1]}
      onClick={() => {
        stop();
        move(back ? -cols : cols);
      }}
    >
      <Icon d={CHEVRON} size={20} />
    </button>
  );
  return (
    <div
      class="car"
      onPointerEnter={hold(true)}
      onPointerLeave={hold(false)}
      onFocusIn={() => {
        paused.current = true;
        revealing.current = true;
        requestAnimationFrame(reveal);
      }}
      onFocusOut={hold(false)}
    >
      <style>{css}</style>
      <div
        class="track"
        ref={track}
        onScroll={measure}
        onPointerDown={() => {
          stop();
          leave();
        }}
        onWheel={leave}
        onKeyDown={(e) => {
          const items = [...el().children];
          const at = items.findIndex((item) => item.contains(e.target as Node));
          const to = keyTarget(e.key, at, items.length, rtl);
          stop();
          if (at < 0 || to === undefined) return;
          e.preventDefault();
          const item = items[to]!;
          (item.matches('button') ? (item as HTMLElement) : item.querySelector('button'))?.focus();
        }}
      >
        {posts.map((post, i) => (
          <Tile
            key={post.id}
            post={post}
            index={i}
            posts={posts}
            ctx={ctx}
            t={t}
            tile={tile}
            eager={i <= cols}
            nearFold={nearFold}
          />
        ))}
      </div>
      {arrow(true)}
      {arrow(false)}
      {ctx.settings.autoplay && (
        <button
          type="button"
          class="play"
          style={{ top: `${tile - 36}px` }}
          aria-label={playing ? text.pause : text.play}
          onClick={() => setPlaying(!playing)}
        >
          <Icon d={playing ? PAUSE : PLAY} fill={!playing} size={14} />
        </button>
      )}
    </div>
  );
}
