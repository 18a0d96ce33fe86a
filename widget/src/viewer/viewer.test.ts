// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readSettings } from '../core/check.js';
import type { Story, ViewerContext } from '../core/types.js';
import { image, post, sampleInit } from '../test/sample.js';
import { IMAGE_STORY_MS } from './StoryViewer.js';
import { openPost, openStories } from './viewer.js';

const ctx = (lang: 'ar' | 'en' = 'en', options: Record<string, unknown> = {}): ViewerContext => {
  const data = sampleInit();
  return {
    lang,
    apiBase: 'https://api.test',
    widgetKey: 'wk_test',
    settings: readSettings({ ...data.config.customization_options, ...options }, lang),
    account: data.content.account_data,
    username: 'shop',
    themeStyle: '--lw-bg:#fff',
    track: () => undefined,
  };
};
/** Highlights with ids of their own: the viewer caches stories per highlight for the page's life. */
const highlightsFor = (prefix: string, n: number) =>
  sampleInit({ highlights: n }).content.highlights.map((h) => ({ ...h, id: `${prefix}-${h.id}` }));
const layer = () => document.querySelector('lamha-viewer')?.shadowRoot;
const key = (k: string) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
const flush = () => vi.advanceTimersByTimeAsync(0);
const story = (id: string, media_type: 'image' | 'video' = 'image'): Story => ({
  id,
  media_type,
  timestamp: '2026-01-01T00:00:00Z',
  image: image(id, 1080, 1920),
  ...(media_type === 'video'
    ? { video: { kind: 'video' as const, path: `/media/${id}.mp4` }, duration: 2 }
    : {}),
});
/** jsdom loads no images: tell the viewer the current story's picture is on screen. */
const showPicture = () => layer()?.querySelector('.lv-stage img')?.dispatchEvent(new Event('load'));

let opener: HTMLButtonElement;
beforeEach(() => {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
      'Date',
    ],
  });
  opener = document.body.appendChild(document.createElement('button'));
  // jsdom plays no media.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  key('Escape');
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('style');
});

describe('post modal', () => {
  it('shows the post, steps with the arrow keys (mirrored in RTL), disables the ends and gives focus back on Escape', async () => {
    const posts = [post(1), post(2, { comment_count: 0, like_count: 0 }), post(3)];
    openPost(ctx('ar'), posts, 0, opener);
    const root = layer()!;
    expect(root.querySelector('[role=dialog]')?.getAttribute('aria-modal')).toBe('true');
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(root.textContent).toContain('10 تسجيلات إعجاب');
    expect(root.querySelector<HTMLButtonElement>('.lv-prev')?.disabled).toBe(true);
    // (Where focus lands is checked in the browser: jsdom has no ShadowRoot.activeElement.)
    key('ArrowLeft'); // RTL: left is forward
    await flush();
    expect(root.textContent).toContain('0 تسجيل إعجاب');
    expect(root.textContent).not.toContain('التعليقات');
    key('ArrowLeft');
    await flush();
    expect(root.querySelector<HTMLButtonElement>('.lv-next')?.disabled).toBe(true);
    const links = [...root.querySelectorAll<HTMLAnchorElement>('.lv-ig, .lv-link')];
    expect(links.map((a) => [a.href, a.target, a.rel])).toEqual([
      ['https://www.instagram.com/p/3/', '_blank', 'noopener noreferrer'],
      ['https://www.instagram.com/p/3/', '_blank', 'noopener noreferrer'],
    ]);
    key('Escape');
    expect(document.querySelector('lamha-viewer')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('moves through a carousel and falls back from a broken video to its poster, then to "Video Unavailable"', async () => {
    const child = (i: number, type: 'image' | 'video') => ({
      type,
      image: image(`ch${i}`),
      ...(type === 'video' ? { video: { kind: 'video' as const, path: `/media/v${i}.mp4` } } : {}),
    });
    const carousel = post(1, {
      media_type: 'CAROUSEL_ALBUM',
      children: [child(0, 'image'), child(1, 'video')],
    });
    openPost(ctx(), [carousel], 0, opener);
    const root = layer()!;
    expect(root.querySelectorAll('.lv-dots i')).toHaveLength(2);
    root.querySelector<HTMLButtonElement>('.lv-s-next')!.click();
    await flush();
    const video = root.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://api.test/media/v1.mp4');
    expect(root.querySelector('[aria-label="Pause"]')).not.toBeNull();
    expect(root.querySelector('[aria-label="Unmute"]')).not.toBeNull();
    video.dispatchEvent(new Event('error'));
    await flush();
    const poster = root.querySelector('.lv-media img')!;
    expect(poster.getAttribute('src')).toContain('/media/ch1-');
    poster.dispatchEvent(new Event('error'));
    await flush();
    root.querySelector('.lv-media img')!.dispatchEvent(new Event('error'));
    await flush();
    expect(root.querySelector('.lv-media .ph')?.textContent).toBe('Video Unavailable');
  });
});

describe('likes and comments (feed.show_counts)', () => {
  it('shows them in the post window by default and leaves them out when the merchant turned them off', async () => {
    openPost(ctx('en'), [post(1)], 0, opener);
    await flush();
    expect(layer()?.querySelector('.lv-likes')?.textContent).toBe('10 likes');
    expect(layer()?.querySelector('.lv-link')).not.toBeNull();
    key('Escape');
    const options = sampleInit().config.customization_options;
    openPost(ctx('en', { feed: { ...options.feed, show_counts: false } }), [post(1)], 0, opener);
    await flush();
    const root = layer()!;
    expect(root.querySelector('.lv-likes')).toBeNull();
    expect(root.querySelector('.lv-link')).toBeNull();
    // The way to the post on Instagram stays.
    expect(root.querySelector('.lv-ig')).not.toBeNull();
  });
});

describe('story viewer', () => {
  const respond = (stories: Story[]) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(new Response(JSON.stringify({ status: 'success', stories }))),
      );

  it('advances image stories every 7 s, goes on to the next highlight and closes after the last story', async () => {
    const fetchSpy = respond([story('s1'), story('s2')]);
    openStories(ctx(), highlightsFor('a', 2), 0, opener);
    const frame = () => layer()?.querySelector('.lv-frame');
    await flush();
    expect(fetchSpy).toHaveBeenCalledWith('https://api.test/api/widget/highlights/a-hl0/stories?key=wk_test');
    expect(frame()?.getAttribute('data-position')).toBe('0:0');
    showPicture();
    await vi.advanceTimersByTimeAsync(IMAGE_STORY_MS - 10);
    expect(frame()?.getAttribute('data-position')).toBe('0:0');
    await vi.advanceTimersByTimeAsync(20);
    expect(frame()?.getAttribute('data-position')).toBe('0:1');
    showPicture();
    await vi.advanceTimersByTimeAsync(IMAGE_STORY_MS);
    expect(frame()?.getAttribute('data-position')).toBe('1:0');
    showPicture();
    await vi.advanceTimersByTimeAsync(IMAGE_STORY_MS);
    showPicture();
    await vi.advanceTimersByTimeAsync(IMAGE_STORY_MS);
    expect(document.querySelector('lamha-viewer')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('pauses and resumes without losing time, and only shows mute for videos', async () => {
    respond([story('s1'), story('s2', 'video')]);
    openStories(ctx(), highlightsFor('b', 1), 0, opener);
    await flush();
    const root = layer()!;
    showPicture();
    expect(root.querySelector('[aria-label="Unmute"]')).toBeNull();
    await vi.advanceTimersByTimeAsync(3000);
    root.querySelector<HTMLButtonElement>('[aria-label="Pause"]')!.click();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(root.querySelector('.lv-frame')?.getAttribute('data-position')).toBe('0:0');
    root.querySelector<HTMLButtonElement>('[aria-label="Play"]')!.click();
    await vi.advanceTimersByTimeAsync(IMAGE_STORY_MS - 3000 + 50);
    expect(root.querySelector('.lv-frame')?.getAttribute('data-position')).toBe('0:1');
    expect(root.querySelector('video')).not.toBeNull();
    expect(root.querySelector('[aria-label="Unmute"]')).not.toBeNull();
    // A video story moves on when the video ends, not on the 7 s timer.
    await vi.advanceTimersByTimeAsync(IMAGE_STORY_MS * 2);
    expect(document.querySelector('lamha-viewer')).not.toBeNull();
    root.querySelector('video')!.dispatchEvent(new Event('ended'));
    await flush();
    expect(document.querySelector('lamha-viewer')).toBeNull();
  });

  it('shows the error and empty states', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(new Response('{}', { status: 404 })),
    );
    const highlights = highlightsFor('c', 2);
    openStories(ctx(), highlights.slice(0, 1), 0, opener);
    await flush();
    expect(layer()?.querySelector('.lv-state')?.textContent).toBe(
      'Could not load stories for this highlight.',
    );
    key('Escape');
    vi.restoreAllMocks();
    respond([]);
    openStories(ctx('ar'), highlights, 1, opener);
    await flush();
    expect(layer()?.querySelector('.lv-state')?.textContent).toBe('لا توجد قصص في هذه المجموعة المميزة.');
  });
});

describe('muted videos and motion (issue 20)', () => {
  const videoPost = (id: number) =>
    post(id, {
      type: 'video',
      media_type: 'VIDEO',
      media: { type: 'video', image: image(`v${id}`), video: { kind: 'video', path: `/media/v${id}.mp4` } },
    });
  const playSpy = () => vi.mocked(HTMLMediaElement.prototype.play);

  it('starts a post video muted on its own when mute_videos is on', async () => {
    openPost(ctx('en', { mute_videos: true }), [videoPost(1)], 0, opener);
    await flush();
    const root = layer()!;
    expect(root.querySelector('video')?.muted).toBe(true);
    expect(playSpy()).toHaveBeenCalledTimes(1);
    expect(root.querySelector('.lv-tap')).toBeNull();
    expect(root.querySelector('[aria-label="Unmute"]')).not.toBeNull();
  });

  it('waits for a tap on a clear play button when mute_videos is off, then plays with sound', async () => {
    const context = ctx('en', { mute_videos: false });
    openPost(context, [videoPost(1), videoPost(2)], 0, opener);
    await flush();
    const root = layer()!;
    const video = root.querySelector('video')!;
    expect(video.muted).toBe(false);
    expect(playSpy()).not.toHaveBeenCalled();
    const tap = root.querySelector<HTMLButtonElement>('.lv-tap')!;
    expect(tap.getAttribute('aria-label')).toBe('Play with sound');
    tap.click();
    await flush();
    expect(playSpy()).toHaveBeenCalledTimes(1);
    expect(playSpy().mock.contexts[0]).toBe(video);
    expect(root.querySelector('.lv-tap')).toBeNull();
    expect(root.querySelector('[aria-label="Mute"]')).not.toBeNull();
    // Once the shopper started one with sound, the next video tries to start with sound by itself.
    key('ArrowRight');
    await flush();
    expect(playSpy()).toHaveBeenCalledTimes(2);
    expect(root.querySelector('.lv-tap')).toBeNull();
  });

  it('shows the play button when the browser refuses to start a video', async () => {
    playSpy().mockRejectedValue(new DOMException('no autoplay', 'NotAllowedError'));
    openPost(ctx('ar', { mute_videos: true }), [videoPost(1)], 0, opener);
    await flush();
    expect(layer()?.querySelector('.lv-tap')?.getAttribute('aria-label')).toBe('تشغيل');
  });

  it('holds a video story until the tap when mute_videos is off, then runs it to its end', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ status: 'success', stories: [story('sv1', 'video'), story('s2')] })),
      ),
    );
    openStories(ctx('en', { mute_videos: false }), highlightsFor('m', 1), 0, opener);
    await flush();
    const root = layer()!;
    const frame = root.querySelector('.lv-frame')!;
    expect(playSpy()).not.toHaveBeenCalled();
    expect(frame.hasAttribute('data-paused')).toBe(true);
    await vi.advanceTimersByTimeAsync(IMAGE_STORY_MS * 2);
    expect(frame.getAttribute('data-position')).toBe('0:0');
    root.querySelector<HTMLButtonElement>('.lv-tap')!.click();
    await flush();
    expect(playSpy()).toHaveBeenCalled();
    expect(root.querySelector('video')?.muted).toBe(false);
    expect(frame.hasAttribute('data-paused')).toBe(false);
    root.querySelector('video')!.dispatchEvent(new Event('ended'));
    await flush();
    expect(frame.getAttribute('data-position')).toBe('0:1');
  });

  it("marks the viewers with the merchant's animation and the direction of the last step", async () => {
    openPost(ctx('en', { animation: 'slide' }), [post(1), post(2)], 0, opener);
    const overlay = () => layer()!.querySelector('.lv-overlay')!;
    expect(overlay().getAttribute('data-motion')).toBe('slide');
    expect(overlay().getAttribute('data-dir')).toBe('next');
    key('ArrowRight');
    await flush();
    key('ArrowLeft');
    await flush();
    expect(overlay().getAttribute('data-dir')).toBe('prev');
    key('Escape');
    openPost(ctx('en', { animation: 'none' }), [post(1)], 0, opener);
    expect(overlay().getAttribute('data-motion')).toBe('none');
  });

  it('always shows the caption in the post viewer (show_captions is about the tiles)', () => {
    openPost(ctx('en', { text: { title: '', show_captions: false } }), [post(1)], 0, opener);
    expect(layer()?.querySelector('.lv-caption')).not.toBeNull();
  });
});
