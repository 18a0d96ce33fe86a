import { describe, expect, it } from 'vitest';
import { DEFAULT_WIDGET_SETTINGS, ZCustomizationOptions, ZWidgetSettings } from './widget.js';

/** Settings as saved and exported before issue 20: no posts limit, highlight limit, captions or muting. */
function settingsBeforeIssue20(): Record<string, unknown> {
  const { showCaptions: _c, muteVideos: _m, ...rest } = structuredClone(DEFAULT_WIDGET_SETTINGS);
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
      postsLimit: 9,
      showLoadMore: true,
      autoplay: false,
      showCounts: true,
    });
    expect(parsed.highlights).toEqual({ layout: 'square', enabled: false, limit: 5 });
    expect(parsed.showCaptions).toBe(false);
    expect(parsed.muteVideos).toBe(true);
    // Old settings keep what they had.
    expect(parsed.titleSettings).toEqual(DEFAULT_WIDGET_SETTINGS.titleSettings);
  });

  it('keeps chosen values and accepts the masonry layout', () => {
    const chosen = {
      ...DEFAULT_WIDGET_SETTINGS,
      feed: {
        layout: 'masonry',
        enabled: true,
        postsLimit: 50,
        showLoadMore: false,
        autoplay: true,
        showCounts: false,
      },
      highlights: { layout: 'circle', enabled: true, limit: 1 },
      showCaptions: true,
      muteVideos: false,
    };
    expect(ZWidgetSettings.parse(chosen)).toEqual(chosen);
  });

  it.each([
    ['feed', 'postsLimit', 2, 'feed.postsLimit', 'must be at least 3'],
    ['feed', 'postsLimit', 51, 'feed.postsLimit', 'must be at most 50'],
    ['feed', 'postsLimit', 9.5, 'feed.postsLimit', 'must be a whole number from 3 to 50'],
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
  it('reads snapshots built before showLoadMore and autoplay existed', () => {
    const feed = ZCustomizationOptions.shape.feed.parse({ enabled: true, layout: 'grid', postsLimit: 9 });
    expect(feed.showLoadMore).toBeUndefined();
    expect(feed.autoplay).toBeUndefined();
  });
});
