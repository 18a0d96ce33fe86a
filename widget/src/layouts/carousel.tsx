import { Component, createRef, h } from 'preact';
import type { JSX } from 'preact';
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
export default class Carousel extends Component<LayoutProps, { edges: boolean[]; playing: boolean }> {
  // A class, not hooks: the core carries no hooks runtime, and a layout chunk importing one would make the
  // bundler split it into a chunk of its own, another request before the first picture (widget/README.md).
  track = createRef<HTMLDivElement>();
  row?: HTMLDivElement;
  paused = false;
  /** Set while a focus that just landed may still need revealing (reveal below). */
  revealing = false;
  timer?: ReturnType<typeof setInterval>;

  constructor(props: LayoutProps) {
    super(props);
    this.state = { edges: [true, true], playing: props.ctx.settings.autoplay };
  }

  el = () => this.track.current!;
  // Scroll positions run negative to the left in a right-to-left row: compare magnitudes.
  measure = () => {
    const x = Math.abs(this.el().scrollLeft);
    this.setState({ edges: [x < 2, x + this.el().clientWidth > this.el().scrollWidth - 2] });
  };
  /** Scrolls by `n` posts towards the end (negative: the start); snapping settles on a post. */
  move = (n: number) => {
    const { tile, ctx } = this.props;
    this.el().scrollBy({ left: n * (tile + ctx.settings.gap) * (ctx.lang === 'ar' ? -1 : 1) });
  };
  autoplay() {
    clearInterval(this.timer);
    if (!this.state.playing || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    this.timer = setInterval(() => {
      if (this.paused || document.hidden) return;
      const x = Math.abs(this.el().scrollLeft);
      if (x + this.el().clientWidth > this.el().scrollWidth - 2) this.el().scrollTo({ left: 0 });
      else this.move(1);
    }, AUTOPLAY_MS);
  }
  stop = () => this.setState({ playing: false });
  /**
   * Brings a post that just took the keyboard focus fully into view. The browser scrolls it into view
   * itself, but with smooth scrolling and snap points a focus that lands while the last scroll still moves
   * (Tab pressed quickly) can leave the row snapped a post short with the focused post hidden: this runs in
   * the next frame and when that scroll ends. A scroll the shopper makes later is left alone.
   */
  reveal = () => {
    const row = this.track.current;
    const item = (row?.getRootNode() as ShadowRoot | undefined)?.activeElement?.closest('.track > *');
    if (!this.revealing || !row || !item || !row.contains(item)) return;
    const pad = parseFloat(getComputedStyle(row).paddingLeft);
    const box = row.getBoundingClientRect();
    const r = item.getBoundingClientRect();
    const before = r.left - box.left - pad;
    const after = r.right - box.right + pad;
    if (before < -1) row.scrollBy({ left: before });
    else if (after > 1) row.scrollBy({ left: after });
  };
  leave = () => {
    this.revealing = false;
  };
  settled = () => {
    this.reveal();
    this.leave();
  };

  override componentDidMount() {
    this.row = this.el();
    this.row.addEventListener('scrollend', this.settled);
    this.measure();
    this.autoplay();
  }
  override componentDidUpdate(prev: LayoutProps, prevState: { playing: boolean }) {
    const { posts, tile } = this.props;
    if (prev.posts.length !== posts.length || prev.tile !== tile) this.measure();
    if (prevState.playing !== this.state.playing || prev.tile !== tile) this.autoplay();
  }
  override componentWillUnmount() {
    clearInterval(this.timer);
    this.row?.removeEventListener('scrollend', this.settled);
  }

  render({ posts, ctx, t, cols, tile, nearFold }: LayoutProps): JSX.Element {
    const { edges, playing } = this.state;
    const rtl = ctx.lang === 'ar';
    const text = TEXT[ctx.lang];
    const hold = (on: boolean) => () => {
      this.paused = on;
    };
    const arrow = (back: boolean) => (
      <button
        type="button"
        class={`arr ${back ? 'prev' : 'next'}`}
        style={{ top: `${tile / 2 - 18}px` }}
        aria-label={back ? text.prev : text.next}
        disabled={edges[back ? 0 : 1]}
        onClick={() => {
          this.stop();
          this.move(back ? -cols : cols);
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
          this.paused = true;
          this.revealing = true;
          requestAnimationFrame(this.reveal);
        }}
        onFocusOut={hold(false)}
      >
        <style>{css}</style>
        <div
          class="track"
          ref={this.track}
          onScroll={this.measure}
          onPointerDown={() => {
            this.stop();
            this.leave();
          }}
          onWheel={this.leave}
          onKeyDown={(e) => {
            const items = [...this.el().children];
            const at = items.findIndex((item) => item.contains(e.target as Node));
            const to = keyTarget(e.key, at, items.length, rtl);
            this.stop();
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
            onClick={() => this.setState({ playing: !playing })}
          >
            <Icon d={playing ? PAUSE : PLAY} fill={!playing} size={14} />
          </button>
        )}
      </div>
    );
  }
}
