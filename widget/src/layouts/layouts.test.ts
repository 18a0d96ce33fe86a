// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedLayout } from '../test/layout.js';
import { image, sampleInit } from '../test/sample.js';
import { boot, SKELETON_AFTER_MS } from '../core/index.js';
import { loadExtras } from '../core/App.js';
import { mount } from '../core/preview.js';
import { getJson } from '../core/net.js';
import { AUTOPLAY_MS, keyTarget } from './carousel.js';
import { masonry } from './masonry.js';

// The feed options of issue 20 (layouts, posts limit, load more, highlight shape and limit, captions,
// motion), rendered through the dashboard's mount and the store page's boot.

beforeAll(fixedLayout);

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  vi.useRealTimers();
});

type Options = ReturnType<typeof sampleInit>['config']['customization_options'];
/** A snapshot with some options changed (feed, highlights and text merged into the defaults). */
function withOptions(change: (o: Options) => void, data = sampleInit()) {
  change(data.config.customization_options);
  return data;
}
const setFeed = (feed: Partial<Options['feed']> & Record<string, unknown>) => (o: Options) => {
  o.feed = { ...o.feed, ...feed };
};
const root = () => document.querySelector('lamha-feed')!.shadowRoot!;
const all = (selector: string) => [...root().querySelectorAll<HTMLElement>(selector)];
/** Lets the dynamic imports (layout chunks, extras) arrive. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};
/** Past the moment boot draws the skeleton when the snapshot's answer has not come. */
const skeletonDrawn = async () => {
  await new Promise((r) => setTimeout(r, SKELETON_AFTER_MS));
  await settle();
};
const show = async (data: ReturnType<typeof sampleInit>, lang: 'ar' | 'en' = 'ar') => {
  const handle = mount(document.body, {
    config: data.config,
    content: data.content,
    apiBase: 'https://api.test',
    lang,
  });
  await settle();
  return handle;
};

describe('posts limit and "Load more"', () => {
  it('shows posts_limit posts rounded up to whole rows, and posts_limit more per press', async () => {
    await show(withOptions(setFeed({ posts_limit: 6 })));
    // 6 at 4 per row: two full rows.
    expect(all('.grid .tile')).toHaveLength(8);
    all('.more')[0]!.click();
    await settle();
    expect(all('.grid .tile')).toHaveLength(12);
  });

  it('hides "Load more" when the merchant turns it off', async () => {
    await show(withOptions(setFeed({ posts_limit: 4, show_load_more: false })));
    expect(all('.grid .tile')).toHaveLength(4);
    expect(all('.more')).toHaveLength(0);
  });
});

describe('highlights', () => {
  it('draws circles by default and rounded squares with the title under them when chosen, up to the limit', async () => {
    await show(sampleInit({ highlights: 6 }));
    expect(root().querySelector('.hls')?.classList.contains('sq')).toBe(false);
    document.body.innerHTML = '';
    await show(
      withOptions(
        (o) => {
          o.highlights = { ...o.highlights, layout: 'square', limit: 2 };
        },
        sampleInit({ highlights: 6 }),
      ),
    );
    expect(root().querySelector('.hls')?.classList.contains('sq')).toBe(true);
    expect(all('.hl')).toHaveLength(2);
    expect(all('.hl .hlt').map((t) => t.textContent)).toEqual(['Highlight 0', 'Highlight 1']);
    const css = root().querySelector('style')!.textContent!;
    expect(css).toMatch(/\.sq \.ring[^{]*\{[^}]*border-radius:\s*18px/);
  });
});

describe('captions', () => {
  it('shows no caption by default', async () => {
    await show(sampleInit());
    expect(all('.cap')).toHaveLength(0);
  });

  it('shows the first line under each tile, in its own direction, clamped to two lines', async () => {
    const data = sampleInit({ posts: 3, language: 'en' });
    data.content.feed[0]!.caption = 'فستان صيفي جديد\nالسطر الثاني';
    data.content.feed[1]!.caption = '  Summer is here  \nmore below';
    data.content.feed[2]!.caption = '';
    data.config.customization_options.text.show_captions = true;
    await show(data, 'en');
    const caps = all('.grid .cap');
    expect(caps.map((c) => c.textContent?.trim())).toEqual(['فستان صيفي جديد', 'Summer is here', '']);
    expect(caps.every((c) => c.getAttribute('dir') === 'auto')).toBe(true);
    // The tile's picture already names the caption for screen readers.
    expect(caps[0]!.getAttribute('aria-hidden')).toBe('true');
    const css = root().querySelector('style')!.textContent!;
    expect(css).toMatch(/\.cap\s*\{[^}]*-webkit-line-clamp:\s*2/);
    expect(css).toMatch(/\.cap\s*\{[^}]*height:\s*40px/);
  });

  it('shows captions under carousel tiles too, never under masonry boxes', async () => {
    await show(
      withOptions((o) => {
        o.feed.layout = 'carousel';
        o.text.show_captions = true;
      }),
    );
    expect(all('.track .cap').length).toBeGreaterThan(0);
    document.body.innerHTML = '';
    await show(
      withOptions((o) => {
        o.feed.layout = 'masonry';
        o.text.show_captions = true;
      }),
    );
    expect(all('.mas .tile').length).toBeGreaterThan(0);
    expect(all('.cap')).toHaveLength(0);
  });
});

describe('motion', () => {
  it.each(['fade', 'slide', 'zoom', 'none'] as const)('animates tiles with %s', async (type) => {
    await show(withOptions((o) => (o.animation = type)));
    expect(root().querySelector('.root')?.classList.contains(`a-${type}`)).toBe(true);
    const css = root().querySelector('style')!.textContent!;
    if (type === 'none') expect(css).not.toMatch(/\.a-none/);
    else
      expect(css).toMatch(
        new RegExp(`\\.a-${type} :is\\(\\.tile, ?\\.cap\\)\\s*\\{[^}]*animation:\\s*${type}`),
      );
    // prefers-reduced-motion turns every animation and transition off.
    expect(css).toMatch(/prefers-reduced-motion:\s*reduce\)\s*\{\s*\*\s*\{\s*animation:\s*none\s*!important/);
  });
});

describe('carousel layout', () => {
  it('shows the posts in one row with labelled arrows', async () => {
    const data = withOptions(setFeed({ layout: 'carousel', posts_limit: 9 }));
    mount(document.body, {
      config: data.config,
      content: data.content,
      apiBase: 'https://api.test',
      lang: 'en',
    });
    await settle();
    expect(all('.grid')).toHaveLength(0);
    expect(all('.car .track > .tile')).toHaveLength(9);
    expect(all('.arr').map((b) => b.getAttribute('aria-label'))).toEqual(['Previous posts', 'Next posts']);
    // Its styles come with the chunk.
    expect(root().querySelector('.car style')?.textContent).toContain('scroll-snap-type');
    // Load more adds posts_limit more to the row.
    all('.more')[0]!.click();
    await settle();
    expect(all('.car .track > .tile')).toHaveLength(18);
  });

  it('moves focus with the arrow keys in reading direction (mirrored in Arabic), Home and End', () => {
    expect(keyTarget('ArrowRight', 0, 5, false)).toBe(1);
    expect(keyTarget('ArrowLeft', 0, 5, false)).toBe(0);
    expect(keyTarget('ArrowLeft', 0, 5, true)).toBe(1);
    expect(keyTarget('ArrowRight', 3, 5, true)).toBe(2);
    expect(keyTarget('ArrowLeft', 4, 5, true)).toBe(4);
    expect(keyTarget('End', 1, 5, false)).toBe(4);
    expect(keyTarget('Home', 3, 5, true)).toBe(0);
    expect(keyTarget('Tab', 3, 5, true)).toBeUndefined();
  });

  it('focuses the next tile on the arrow key in the DOM', async () => {
    await show(withOptions(setFeed({ layout: 'carousel' })), 'ar');
    const tiles = all('.track > .tile');
    tiles[0]!.focus();
    tiles[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(root().activeElement).toBe(tiles[1]);
    tiles[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(root().activeElement).toBe(tiles[0]);
  });

  async function autoplaying(reduced: boolean, autoplay = true) {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduced && q.includes('reduce') }));
    // A row three times as wide as its view, scrolled to its start.
    for (const [name, value] of [
      ['scrollWidth', 3000],
      ['clientWidth', 1000],
    ] as const)
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    const scrolled: number[] = [];
    HTMLElement.prototype.scrollBy = function (this: HTMLElement, o?: ScrollToOptions | number) {
      scrolled.push(typeof o === 'object' ? (o.left ?? 0) : 0);
    } as typeof HTMLElement.prototype.scrollBy;
    HTMLElement.prototype.scrollTo = (() => scrolled.push(0)) as typeof HTMLElement.prototype.scrollTo;
    await show(withOptions(setFeed({ layout: 'carousel', autoplay })), 'en');
    vi.useFakeTimers();
    // Mount again under fake timers so the autoplay interval is on the fake clock.
    document.body.innerHTML = '';
    mount(document.body, {
      config: withOptions(setFeed({ layout: 'carousel', autoplay })).config,
      content: sampleInit().content,
      lang: 'en',
    });
    return scrolled;
  }

  it('does not move by itself unless the merchant turned autoplay on', async () => {
    const scrolled = await autoplaying(false, false);
    vi.advanceTimersByTime(AUTOPLAY_MS * 3);
    expect(scrolled).toEqual([]);
    expect(all('.play')).toHaveLength(0);
    vi.unstubAllGlobals();
  });

  it('autoplays one post at a time, with a pause button, and stops at the shopper’s first touch', async () => {
    const scrolled = await autoplaying(false);
    vi.advanceTimersByTime(AUTOPLAY_MS + 10);
    expect(scrolled).toHaveLength(1);
    // One tile (at most 960 wide − 2×15 padding: 4 tiles of 225 px) plus the 10 px gap, towards the end
    // (right in English).
    expect(scrolled[0]).toBe(235);
    expect(all('.play')[0]!.getAttribute('aria-label')).toBe('Pause the carousel');
    all('.track')[0]!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(AUTOPLAY_MS * 3);
    expect(scrolled).toHaveLength(1);
    vi.unstubAllGlobals();
    for (const name of ['scrollWidth', 'clientWidth'])
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });

  it('never autoplays under prefers-reduced-motion', async () => {
    const scrolled = await autoplaying(true);
    vi.advanceTimersByTime(AUTOPLAY_MS * 3);
    expect(scrolled).toEqual([]);
    vi.unstubAllGlobals();
  });
});

describe('masonry layout', () => {
  it('puts each post into the shortest column at its own aspect ratio; later posts never move earlier ones', () => {
    const p = (w: number, h: number) => ({ media: { type: 'image' as const, image: image('x', w, h) } });
    const posts = [p(1080, 1350), p(1080, 1080), p(1080, 566), p(1080, 1080)];
    const { boxes, height } = masonry(posts, 2, 210, 10);
    // Columns 100 px wide.
    expect(boxes.map((b) => [b.x, b.y, Math.round(b.h)])).toEqual([
      [0, 0, 125],
      [110, 0, 100],
      [110, 110, 52],
      [0, 135, 100],
    ]);
    expect(Math.round(height)).toBe(235);
    const more = masonry([...posts, p(1080, 1080)], 2, 210, 10);
    expect(more.boxes.slice(0, 4)).toEqual(boxes);
    // Extremes are cropped: a 9:16 reel at most 16:9 tall, a panorama at least 1:1.91.
    expect(masonry([p(1080, 5000), p(5000, 1080)], 2, 210, 10).boxes.map((b) => Math.round(b.h))).toEqual([
      178, 52,
    ]);
  });

  it('renders positioned boxes with the picture’s own ratio, the whole as tall as its longest column', async () => {
    const data = withOptions(setFeed({ layout: 'masonry', posts_limit: 4 }), sampleInit({ posts: 4 }));
    data.content.feed[0]!.media.image = image('tall', 1080, 1350);
    await show(data);
    const tiles = all('.mas > .tile');
    expect(tiles).toHaveLength(4);
    // At most 960 wide − 30 padding: 4 columns of 225 px.
    expect(tiles[0]!.style.width).toBe('225px');
    expect(tiles[0]!.style.height).toBe('281.25px');
    expect(tiles[1]!.getAttribute('style')).toContain('inset-inline-start: 235px');
    expect(all('.mas')[0]!.style.height).toBe('281.25px');
    expect(tiles[0]!.querySelector('img')?.getAttribute('sizes')).toBe('225px');
  });
});

describe('the store page (boot) with a layout', () => {
  const initUrl = 'https://api.test/api/widget/init?key=wk_test';
  const answer = (data: unknown) =>
    getJson(initUrl, () => Promise.resolve(new Response(JSON.stringify({ status: 'success', data }))));

  it('waits for the layout chunk before drawing the feed, and hands back the options for next time', async () => {
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const data = withOptions(setFeed({ layout: 'carousel' }));
    const shown = await boot(host, { apiBase: 'https://api.test', lang: 'en' }, initUrl, answer(data));
    expect(host.shadowRoot!.querySelector('.grid')).toBeNull();
    expect(host.shadowRoot!.querySelectorAll('.track > .tile').length).toBeGreaterThan(0);
    expect(shown).toEqual(data.config.customization_options);
  });

  it('draws the skeleton in the layout of the last snapshot seen (the hint): one row for a carousel, room for captions', async () => {
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const hint = withOptions((o) => {
      o.feed.layout = 'carousel';
      o.text.show_captions = true;
      o.colors.background = '#fdf2e9';
    }).config.customization_options;
    void boot(host, { apiBase: 'https://api.test' }, initUrl, new Promise(() => {}), hint);
    await skeletonDrawn();
    const sk = host.shadowRoot!.querySelector('.sk')!;
    expect(sk.querySelectorAll('.tile')).toHaveLength(4);
    expect(sk.classList.contains('c')).toBe(true);
    // Its colours too: nothing flashes white before a dark widget.
    expect(host.getAttribute('style')).toContain('--lw-bg:#fdf2e9');
  });

  it('draws the default skeleton without a hint, with posts_limit tiles from a hint', async () => {
    let host = document.body.appendChild(document.createElement('lamha-feed'));
    void boot(host, { apiBase: 'https://api.test' }, initUrl, new Promise(() => {}));
    await skeletonDrawn();
    expect(host.shadowRoot!.querySelectorAll('.sk .tile')).toHaveLength(12);
    host = document.body.appendChild(document.createElement('lamha-feed'));
    const hint = withOptions(setFeed({ posts_limit: 4, show_load_more: false })).config.customization_options;
    void boot(host, { apiBase: 'https://api.test' }, initUrl, new Promise(() => {}), hint);
    await skeletonDrawn();
    expect(host.shadowRoot!.querySelectorAll('.sk .tile')).toHaveLength(4);
    expect(host.shadowRoot!.querySelector('.sk .more')).toBeNull();
  });
});

describe('extras chunk', () => {
  it('adds the likes and comments over each tile once it arrives', async () => {
    await show(sampleInit({ posts: 2 }), 'en');
    await loadExtras();
    await settle();
    const hover = all('.tile .hover')[1]!;
    expect(hover.textContent).toBe('202');
    expect(hover.getAttribute('aria-hidden')).toBe('true');
    // The first import of the chunk compiles it: slow on a busy machine.
  }, 30_000);
});

describe('extras chunk, banner and tiles', () => {
  it('brings the counts, the verified mark and the products bag; the banner keeps its height', async () => {
    const data = sampleInit({ posts: 2 });
    data.content.feed[0]!.products = [
      {
        id: 'prod-1',
        name_ar: 'منتج',
        name_en: 'Product',
        url: 'https://shop.example.com/p',
        price_halalas: 100,
        sale_price_halalas: null,
        currency: 'SAR',
        available: true,
        image: null,
      },
    ];
    await show(data, 'en');
    await loadExtras();
    await settle();
    expect(root().querySelector('.who')!.textContent).toContain('12.3K followers');
    expect(root().querySelector('.name svg')!.getAttribute('aria-label')).toBe('Verified');
    expect(all('.tile [aria-label="Products"]')).toHaveLength(1);
  });
});
