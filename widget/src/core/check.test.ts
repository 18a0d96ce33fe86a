import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_TEXT_AR, DEFAULT_SUBTITLE_AR, DEFAULT_TITLE_AR, ZWidgetInit } from '@app/shared';
import { sampleInit } from '../test/sample.js';
import { DEFAULT_TEXTS, readInitBody, readSettings } from './check.js';

describe('readInitBody (hand-written structural check)', () => {
  it('accepts what the API sends (the sample is a valid ZWidgetInit)', () => {
    const body = { status: 'success', data: sampleInit() };
    expect(ZWidgetInit.safeParse(body).success).toBe(true);
    expect(readInitBody(body)?.content.feed).toHaveLength(20);
  });

  it('refuses anything without the structure the widget reads', () => {
    expect(readInitBody(null)).toBeUndefined();
    expect(readInitBody({ status: 'error' })).toBeUndefined();
    expect(readInitBody({ status: 'success', data: { config: {} } })).toBeUndefined();
    const noFeed = sampleInit() as unknown as { content: { feed?: unknown } };
    delete noFeed.content.feed;
    expect(readInitBody({ status: 'success', data: noFeed })).toBeUndefined();
  });

  it('drops a malformed post instead of failing the whole feed', () => {
    const data = sampleInit({ posts: 3 });
    (data.content.feed[1] as unknown as { media: unknown }).media = { image: { renditions: [] } };
    expect(readInitBody({ status: 'success', data })?.content.feed.map((p) => p.id)).toEqual([
      'post-1',
      'post-3',
    ]);
  });
});

describe('readSettings', () => {
  it('fills the product §9 defaults when options are missing', () => {
    expect(readSettings(undefined, 'ar')).toMatchObject({
      posts_limit: 9,
      highlightsLimit: 5,
      gap: 10,
      padding: 15,
      perRow: 4,
      banner: true,
      branding: true,
      followText: 'متابعة',
    });
  });

  it('reads the issue 20 options, with defaults for snapshots made before them', () => {
    const { feed, highlights, text, ...older } = sampleInit().config.customization_options;
    void text;
    expect(
      readSettings({ ...older, feed: { enabled: true, layout: 'grid', posts_limit: 9 }, highlights }, 'ar'),
    ).toMatchObject({
      layout: 'grid',
      loadMore: true,
      autoplay: false,
      captions: false,
      counts: true,
      squareHighlights: false,
      animation: 'fade',
    });
    const s = readSettings(
      {
        ...older,
        feed: {
          ...feed,
          layout: 'carousel',
          posts_limit: 24,
          show_load_more: false,
          autoplay: true,
          show_counts: false,
        },
        highlights: { ...highlights, layout: 'square', limit: 8 },
        text: { title: '', show_captions: true },
        animation: 'none',
      },
      'ar',
    );
    expect(s).toMatchObject({
      layout: 'carousel',
      posts_limit: 24,
      loadMore: false,
      autoplay: true,
      counts: false,
      squareHighlights: true,
      highlightsLimit: 8,
      captions: true,
      animation: 'none',
    });
    // A layout this widget does not know is drawn as the grid; a masonry has no captions.
    expect(readSettings({ feed: { layout: 'hexagons' } }, 'ar').layout).toBe('grid');
    expect(readSettings({ feed: { layout: 'masonry' }, text: { show_captions: true } }, 'ar').captions).toBe(
      false,
    );
  });

  it('reads the server’s options', () => {
    const s = readSettings(
      { ...sampleInit().config.customization_options, display_size: 'small', branding: { show: false } },
      'ar',
    );
    expect(s).toMatchObject({
      maxWidth: 640,
      branding: false,
      title: 'تابعونا على إنستغرام',
      bannerAfter: false,
    });
  });

  it('shows the dashboard’s Arabic default texts in English on English pages, custom texts as written', () => {
    const options = sampleInit().config.customization_options;
    expect(readSettings(options, 'en')).toMatchObject({
      title: 'Follow us on Instagram',
      subtitle: 'See our latest posts and moments',
      followText: 'Follow',
    });
    const custom = { ...options, account_info: { ...options.account_info, follow_button_text: 'تابعنا' } };
    expect(readSettings(custom, 'en').followText).toBe('تابعنا');
  });

  it('keeps its copies of the default texts equal to @app/shared', () => {
    expect(DEFAULT_TEXTS.map(([ar]) => ar)).toEqual([
      DEFAULT_TITLE_AR,
      DEFAULT_SUBTITLE_AR,
      DEFAULT_FOLLOW_TEXT_AR,
    ]);
  });
});
