// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contrastRatio, mutedTextColor } from '@app/shared';
import { fixedLayout } from '../test/layout.js';
import { sampleInit } from '../test/sample.js';
import { loadExtras, Root } from './App.js';
import { boot, SKELETON_AFTER_MS } from './index.js';
import { mount } from './preview.js';
import { getJson } from './net.js';

beforeAll(fixedLayout);

afterEach(() => {
  document.body.innerHTML = '';
});

const shadow = (el: Element) => el.querySelector('lamha-feed')?.shadowRoot ?? (el as HTMLElement).shadowRoot!;
const text = (root: ShadowRoot) => root.textContent ?? '';
/** The loader's first attempt (getJson) on an answer with this status and body. */
const response = (status: number, body: unknown) =>
  getJson('https://api.test/api/widget/init', () =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('mount (the dashboard preview)', () => {
  it('renders title, banner, highlights and the first rows of the grid in a shadow root, with the theme on the host', async () => {
    // The banner's counts come with the extras chunk (mount draws again when it arrives).
    await loadExtras();
    const handle = mount(document.body, {
      config: sampleInit().config,
      content: sampleInit().content,
      apiBase: 'https://api.test',
    });
    const host = document.querySelector('lamha-feed') as HTMLElement;
    const root = shadow(document.body);
    expect(root.querySelector('style')?.textContent).toContain(':host');
    expect(host.getAttribute('style')).toContain('--lw-primary:#000000');
    // Secondary text falls back to the text colour when the snapshot has no derived one.
    expect(host.getAttribute('style')).toContain('--lw-mute:#000000');
    expect(root.querySelector('.root')?.getAttribute('dir')).toBe('rtl');
    expect(root.querySelector('.title')?.textContent).toBe('تابعونا على إنستغرام');
    expect(text(root)).toContain('12.3 ألف متابع');
    expect(root.querySelectorAll('.hl')).toHaveLength(3);
    // 9 posts at 4 per row, rounded up to 3 full rows; 20 in the feed, so "load more".
    expect(root.querySelectorAll('.tile')).toHaveLength(12);
    const img = root.querySelector('.tile img') as HTMLImageElement;
    expect(img.getAttribute('srcset')).toBe(
      'https://api.test/media/p1-320.webp 320w, https://api.test/media/p1-640.webp 640w, https://api.test/media/p1-1080.webp 1080w',
    );
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('width')).toBe('1080');
    expect((root.querySelectorAll('.tile img')[4] as HTMLImageElement).getAttribute('loading')).toBe('lazy');
    (root.querySelector('.more') as HTMLButtonElement).click();
    handle.update({
      config: sampleInit().config,
      content: sampleInit().content,
      apiBase: 'https://api.test',
    });
    expect(root.querySelectorAll('.tile')).toHaveLength(20);
    expect(root.querySelector('.more')).toBeNull();
    const brand = root.querySelector('.brand') as HTMLAnchorElement;
    expect(brand.textContent).toBe('مدعوم من لمحة');
    expect(brand.href).toBe(`https://api.test/?source=${location.hostname}`);
    handle.unmount();
    expect(document.querySelector('lamha-feed')).toBeNull();
  });

  it('draws @username and "Powered by" in the derived secondary colour of brand colours', () => {
    const init = sampleInit();
    const { config } = init;
    const colors = { primary: '#ffffff', secondary: '#be185d', background: '#be185d', text: '#ffffff' };
    const muted = mutedTextColor(colors.text, colors.background);
    config.customization_options.colors = { ...colors, muted };
    mount(document.body, { config, content: init.content, apiBase: 'https://api.test' });
    const host = document.querySelector('lamha-feed') as HTMLElement;
    expect(host.getAttribute('style')).toContain(`--lw-mute:${muted}`);
    expect(contrastRatio(muted, colors.background)).toBeGreaterThanOrEqual(4.5);
    const css = shadow(document.body).querySelector('style')?.textContent ?? '';
    for (const selector of ['.user', '.brand', '.sub'])
      expect(css).toMatch(new RegExp(`\\${selector}\\s*\\{[^}]*color:\\s*var\\(--lw-mute\\)`));
  });

  it('follows the settings: English, banner after posts, no branding, hidden widget', () => {
    const data = sampleInit({ language: 'en' });
    const options = data.config.customization_options;
    options.account_info.position = 'after_posts';
    options.branding.show = false;
    const handle = mount(document.body, { config: data.config, content: data.content });
    const root = shadow(document.body);
    expect(root.querySelector('.root')?.getAttribute('dir')).toBe('ltr');
    expect(root.querySelector('.follow')?.textContent).toBe('Follow');
    const stack = root.querySelector('.stack')!;
    expect(stack.lastElementChild?.className).toBe('banner');
    expect(root.querySelector('.brand')).toBeNull();
    handle.update({ config: { ...data.config, widget_enabled: false }, content: data.content });
    expect(root.querySelector('.root')).toBeNull();
  });

  it('shows the not-connected and empty states', () => {
    const data = sampleInit();
    mount(document.body, {
      config: { ...data.config, instagram_username: '' },
      content: {
        ...data.content,
        username: '',
        account_data: { ...data.content.account_data, username: '' },
      },
      apiBase: 'https://api.test',
    });
    const root = shadow(document.body);
    expect(text(root)).toContain('يرجى ربط حساب إنستغرام');
    expect((root.querySelector('.msg .follow') as HTMLAnchorElement).href).toBe(
      'https://api.test/dashboard?tab=account',
    );
    document.body.innerHTML = '';
    mount(document.body, {
      config: data.config,
      content: { ...data.content, feed: [], highlights: [] },
      lang: 'en',
    });
    expect(text(shadow(document.body))).toContain('No posts to show yet');
    // "Powered by" never sits under an empty widget.
    expect(shadow(document.body).querySelector('.brand')).toBeNull();
  });

  it('shows the English title and subtitle on English pages, the Arabic ones on Arabic pages', () => {
    const data = sampleInit();
    Object.assign(data.config.customization_options.title_settings, {
      title: 'جديدنا',
      subtitle: 'من إنستغرام',
      title_en: 'New in',
      subtitle_en: 'From Instagram',
    });
    mount(document.body, { config: data.config, content: data.content, lang: 'en' });
    expect(shadow(document.body).querySelector('.title')?.textContent).toBe('New in');
    expect(shadow(document.body).querySelector('.sub')?.textContent).toBe('From Instagram');
    document.body.innerHTML = '';
    mount(document.body, { config: data.config, content: data.content, lang: 'ar' });
    expect(shadow(document.body).querySelector('.title')?.textContent).toBe('جديدنا');
  });
});

describe('boot (the loader’s hand-off)', () => {
  it('renders the snapshot the loader already requested', async () => {
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    await boot(
      host,
      { apiBase: 'https://api.test', merchantId: 'wk_test', lang: 'en' },
      'https://api.test/api/widget/init?key=wk_test',
      response(200, { status: 'success', data: sampleInit() }),
    );
    expect(host.shadowRoot?.querySelectorAll('.tile')).toHaveLength(12);
    expect(host.shadowRoot?.querySelector('.root')?.getAttribute('lang')).toBe('en');
  });

  it('renders the feed again when its width changes, not when the first report repeats it', async () => {
    let report: ResizeObserverCallback = () => {};
    const observer = vi.spyOn(globalThis, 'ResizeObserver').mockImplementation(function (
      callback: ResizeObserverCallback,
    ) {
      report = callback;
      return { observe() {}, unobserve() {}, disconnect() {} };
    });
    const renders = vi.spyOn(Root.prototype, 'render');
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    try {
      await boot(
        host,
        { apiBase: 'https://api.test', lang: 'en' },
        'https://api.test/api/widget/init?key=wk_test',
        response(200, { status: 'success', data: sampleInit() }),
      );
      const resize = async (width: number) => {
        report([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver);
        await flush();
      };
      const before = renders.mock.calls.length;
      await resize(1000); // fixedLayout's width, as measured before the first render
      expect(renders.mock.calls.length).toBe(before);
      await resize(400);
      expect(renders.mock.calls.length).toBe(before + 1);
      expect(host.shadowRoot?.querySelector('.root')?.getAttribute('style')).toContain('--lw-cols: 3');
    } finally {
      observer.mockRestore();
      renders.mockRestore();
    }
  });

  it('goes straight to the feed, with no skeleton drawn, when the answer is already in', async () => {
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const drawn: string[] = [];
    const watch = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && (node.matches('.sk') || node.querySelector('.sk')))
            drawn.push('skeleton');
    });
    const done = boot(
      host,
      { apiBase: 'https://api.test', lang: 'en' },
      'https://api.test/api/widget/init?key=wk_test',
      response(200, { status: 'success', data: sampleInit() }),
    );
    watch.observe(host.shadowRoot!, { childList: true, subtree: true });
    await done;
    await flush();
    watch.disconnect();
    expect(host.shadowRoot?.querySelectorAll('.tile')).toHaveLength(12);
    expect(drawn).toEqual([]);
  });

  it('renders a snapshot cached before the wire became snake_case (camelCase keys), with its settings', async () => {
    const camel = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(camel)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v).map(([k, x]) => [
                k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
                camel(x),
              ]),
            )
          : v;
    const d = sampleInit();
    const o = d.config.customization_options;
    const data = {
      ...d,
      config: {
        ...d.config,
        customization_options: {
          ...o,
          title_settings: { ...o.title_settings, title_en: 'Fresh from us' },
          feed: { ...o.feed, posts_limit: 4 },
        },
      },
    };
    const old = camel(data) as Record<string, Record<string, unknown>>;
    expect(old.config).toHaveProperty('customizationOptions.titleSettings.titleEn', 'Fresh from us');
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    await boot(
      host,
      { apiBase: 'https://api.test', merchantId: 'wk_test', lang: 'en' },
      'https://api.test/api/widget/init?key=wk_test',
      response(200, { status: 'success', data: old }),
    );
    expect(host.isConnected).toBe(true);
    expect(host.shadowRoot?.querySelector('.title')?.textContent).toBe('Fresh from us');
    // 4 posts at 4 per row.
    expect(host.shadowRoot?.querySelectorAll('.tile')).toHaveLength(4);
  });

  it('hides the widget for a missing identifier or a 4xx, without retrying, with one console.info line', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let host = document.body.appendChild(document.createElement('lamha-feed'));
    await boot(host, { apiBase: 'https://api.test', lang: 'en' }, undefined, undefined);
    expect(host.isConnected).toBe(false);
    host = document.body.appendChild(document.createElement('lamha-feed'));
    await boot(
      host,
      { apiBase: 'https://api.test' },
      'https://api.test/api/widget/init?key=nope',
      response(404, { error: { code: 'widget_not_found', message: 'x' } }),
    );
    expect(host.isConnected).toBe(false);
    expect(document.body.textContent).toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(2);
    expect(String(info.mock.calls[1]?.[0])).toContain('https://api.test/dashboard');
    fetchSpy.mockRestore();
    info.mockRestore();
  });

  it.each([
    [
      'turned off or expired',
      (d: ReturnType<typeof sampleInit>) => ({ ...d, config: { ...d.config, widget_enabled: false } }),
    ],
    [
      'not connected yet',
      (d: ReturnType<typeof sampleInit>) => ({
        config: { ...d.config, instagram_username: '' },
        content: { ...d.content, username: '', account_data: { ...d.content.account_data, username: '' } },
      }),
    ],
    [
      'empty',
      (d: ReturnType<typeof sampleInit>) => ({ ...d, content: { ...d.content, feed: [], highlights: [] } }),
    ],
  ])('shows shoppers nothing when the widget is %s', async (_name, change) => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const data = change(sampleInit());
    await boot(
      host,
      { apiBase: 'https://api.test', merchantId: 'k' },
      'https://api.test/api/widget/init?key=k',
      response(200, { status: 'success', data }),
    );
    expect(host.isConnected).toBe(false);
    expect(info).toHaveBeenCalledTimes(1);
    info.mockRestore();
  });

  it('shows the skeleton while loading and nothing after the retries fail', async () => {
    vi.useFakeTimers();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const host = document.body.appendChild(document.createElement('lamha-feed'));
    const done = boot(
      host,
      { apiBase: 'https://api.test', lang: 'en' },
      'https://api.test/api/widget/init?key=k',
      getJson('https://api.test/api/widget/init?key=k', () => Promise.reject(new TypeError('down'))),
    );
    await vi.advanceTimersByTimeAsync(SKELETON_AFTER_MS);
    const root = host.shadowRoot!;
    expect(root.querySelector('[aria-busy]')).not.toBeNull();
    expect(root.querySelectorAll('.sk .hl')).toHaveLength(3);
    expect(root.querySelectorAll('.sk .tile')).toHaveLength(12);
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(host.isConnected).toBe(false);
    expect(root.querySelector('.root')).toBeNull();
    fetchSpy.mockRestore();
    vi.useRealTimers();
    await flush();
  });
});

describe('likes and comments on tiles (feed.show_counts)', () => {
  it('draws them over each tile by default, and none when the merchant turned them off', async () => {
    await loadExtras();
    const config = sampleInit().config;
    mount(document.body, { config, content: sampleInit().content, apiBase: 'https://api.test' });
    const tiles = [...shadow(document.body).querySelectorAll('.tile')];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.querySelector('.hover') !== null)).toBe(true);
    document.body.innerHTML = '';
    const options = config.customization_options;
    mount(document.body, {
      config: {
        ...config,
        customization_options: { ...options, feed: { ...options.feed, show_counts: false } },
      },
      content: sampleInit().content,
      apiBase: 'https://api.test',
    });
    const without = [...shadow(document.body).querySelectorAll('.tile')];
    expect(without.length).toBe(tiles.length);
    expect(without.some((t) => t.querySelector('.hover') !== null)).toBe(false);
  });
});

describe('posts with products', () => {
  it('tiles of posts with linked products carry a bag mark named for screen readers; others none', async () => {
    // The bag comes with the extras chunk, after the first picture.
    await loadExtras();
    const content = sampleInit().content;
    const withProducts = {
      ...content,
      feed: content.feed.map((p, i) =>
        i === 1
          ? {
              ...p,
              products: [
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
              ],
            }
          : p,
      ),
    };
    mount(document.body, { config: sampleInit().config, content: withProducts, apiBase: 'https://api.test' });
    const tiles = [...shadow(document.body).querySelectorAll('.tile')];
    expect(tiles.map((t) => t.querySelector('.bag') !== null)).toEqual(tiles.map((_, i) => i === 1));
    const bag = tiles[1]!.querySelector('.bag')!;
    expect(bag.getAttribute('role')).toBe('img');
    expect(bag.getAttribute('aria-label')).toBe('منتجات');
  });
});
