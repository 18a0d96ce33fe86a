import { describe, expect, it } from 'vitest';
import {
  customizationFor,
  DEFAULT_WIDGET_SETTINGS,
  PLAN_LIMITS,
  type TEffectivePlan,
  type TWidgetInit,
  type TWidgetSettings,
} from '@app/shared';
import { previewData } from './preview-config';

/** A store's widget answer as the server built it from the saved (default) settings. */
function savedAnswer(plan: TEffectivePlan, highlightCount: number): TWidgetInit['data'] {
  const highlights = Array.from({ length: highlightCount }, (_, i) => ({
    id: `h${i}`,
    external_id: `h${i}`,
    title: `Highlight ${i}`,
    cover: null,
    stories_count: 1,
  }));
  return {
    config: {
      widget_enabled: true,
      public_widget_key: 'wk_test',
      instagram_username: 'shop',
      package_tier: plan,
      language: 'ar',
      customization_options: customizationFor(DEFAULT_WIDGET_SETTINGS, PLAN_LIMITS[plan], highlightCount),
    },
    content: {
      feed: [],
      highlights,
      profile_picture: null,
      username: 'shop',
      account_data: {
        username: 'shop',
        name: null,
        profile_picture: null,
        followers_count: null,
        following_count: null,
        media_count: null,
        is_verified: false,
      },
    },
    version: 1,
    generated_at: '2026-11-25T12:00:00.000Z',
  };
}

const draft: TWidgetSettings = {
  ...DEFAULT_WIDGET_SETTINGS,
  feed: {
    layout: 'carousel',
    enabled: true,
    posts_limit: 30,
    show_load_more: false,
    autoplay: true,
    show_counts: false,
  },
  highlights: { layout: 'square', enabled: true, limit: 12 },
  animation: { type: 'none' },
  show_captions: true,
  mute_videos: false,
};

describe('live preview data', () => {
  it('shows every unsaved option at once, with the plan applied as on the store', () => {
    const options = previewData(savedAnswer('pro', 15), draft).config.customization_options;
    expect(options.feed).toEqual({
      enabled: true,
      layout: 'carousel',
      posts_limit: 30,
      show_load_more: false,
      autoplay: true,
      show_counts: false,
    });
    // More highlights than the saved limit of 5 show: the answer carries them for this.
    expect(options.highlights).toEqual({ enabled: true, layout: 'square', limit: 12 });
    expect(options.text.show_captions).toBe(true);
    expect(options.mute_videos).toBe(false);
    expect(options.animation).toBe('none');
  });

  it("holds the posts limit to a Basic plan's 12 and shows it no highlights", () => {
    const options = previewData(savedAnswer('basic', 0), draft).config.customization_options;
    expect(options.feed.posts_limit).toBe(12);
    expect(options.highlights.enabled).toBe(false);
  });

  it('shows no more highlights than the answer has', () => {
    const options = previewData(savedAnswer('trial', 3), draft).config.customization_options;
    expect(options.highlights.limit).toBe(3);
  });
});
