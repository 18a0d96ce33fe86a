import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS, ZCustomizationOptions, ZWidgetSettings } from './widget.js';

/** Settings as saved and exported before issue 20: no posts limit, highlight limit, captions or muting. */
function settingsBeforeIssue20(): Record<string, unknown> {
  const { show_captions: _c, mute_videos: _m, ...rest } = structuredClone(DEFAULT_WIDGET_SETTINGS);
  return {
    ...rest,
    feed: { layout: 'carousel', enabled: true },
    highlights: { layout: 'square', enabled: false },
  };
}

describe('ZWidgetSettings', () => {
  it('fills the fields added in issue 20 with the product defaults when older settings lack them', () => {
    const parsed = ZWidgetSettings.parse(settingsBeforeIssue20());
    expect(parsed.feed).toEqual({
      layout: 'carousel',
      enabled: true,
      posts_limit: 9,
      show_load_more: true,
      autoplay: false,
      show_counts: true,
    });
    expect(parsed.highlights).toEqual({ layout: 'square', enabled: false, limit: 5 });
    expect(parsed.show_captions).toBe(false);
    expect(parsed.mute_videos).toBe(true);
    // Old settings keep what they had.
    expect(parsed.title_settings).toEqual(DEFAULT_WIDGET_SETTINGS.title_settings);
  });

  it('keeps chosen values and accepts the masonry layout', () => {
    const chosen = {
      ...DEFAULT_WIDGET_SETTINGS,
      feed: {
        layout: 'masonry',
        enabled: true,
        posts_limit: 50,
        show_load_more: false,
        autoplay: true,
        show_counts: false,
      },
      highlights: { layout: 'circle', enabled: true, limit: 1 },
      show_captions: true,
      mute_videos: false,
    };
    expect(ZWidgetSettings.parse(chosen)).toEqual(chosen);
  });

  it.each([
    ['feed', 'posts_limit', 2, 'feed.posts_limit', 'must be at least 3'],
    ['feed', 'posts_limit', 51, 'feed.posts_limit', 'must be at most 50'],
    ['feed', 'posts_limit', 9.5, 'feed.posts_limit', 'must be a whole number from 3 to 50'],
    ['highlights', 'limit', 0, 'highlights.limit', 'must be at least 1'],
    ['highlights', 'limit', 21, 'highlights.limit', 'must be at most 20'],
  ] as const)(
    'rejects %s.%s = %s with a message that says what is allowed',
    (group, key, value, path, message) => {
      const bad = {
        ...DEFAULT_WIDGET_SETTINGS,
        [group]: { ...DEFAULT_WIDGET_SETTINGS[group], [key]: value },
      };
      const result = ZWidgetSettings.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, message]]);
    },
  );

  it('refuses a layout it does not know and an unknown key, by name', () => {
    const zigzag = ZWidgetSettings.safeParse({
      ...DEFAULT_WIDGET_SETTINGS,
      feed: { ...DEFAULT_WIDGET_SETTINGS.feed, layout: 'zigzag' },
    });
    expect(zigzag.error?.issues[0]?.path).toEqual(['feed', 'layout']);
    const extra = ZWidgetSettings.safeParse({
      ...DEFAULT_WIDGET_SETTINGS,
      feed: { ...DEFAULT_WIDGET_SETTINGS.feed, postsPerPage: 4 },
    });
    expect(extra.error?.issues[0]?.message).toMatch(/postsPerPage/);
  });
});

describe('ZCustomizationOptions', () => {
  it('reads snapshots built before show_load_more and autoplay existed', () => {
    const feed = ZCustomizationOptions.shape.feed.parse({ enabled: true, layout: 'grid', posts_limit: 9 });
    expect(feed.show_load_more).toBeUndefined();
    expect(feed.autoplay).toBeUndefined();
  });
});
