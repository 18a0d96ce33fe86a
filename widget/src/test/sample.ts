import type { Image, InitData, Post } from '../core/types.js';

/** A picture as the media store describes it: renditions smallest first. */
export function image(hash: string, width = 1080, height = 1080): Image {
  const rendition = (w: number) => ({
    width: w,
    height: Math.round((w * height) / width),
    path: `/media/${hash}-${w}.webp`,
  });
  return {
    kind: 'image',
    width,
    height,
    color: '#a0b0c0',
    renditions: [rendition(320), rendition(640), rendition(1080)],
  };
}

export function post(i: number, extra: Partial<Post> = {}): Post {
  const media = { type: 'image' as const, image: image(`p${i}`) };
  return {
    id: `post-${i}`,
    type: 'image',
    media_type: 'IMAGE',
    caption: `Caption ${i}`,
    username: 'shop',
    timestamp: '2026-01-01T00:00:00.000Z',
    source_url: `https://www.instagram.com/p/${i}/`,
    like_count: 10 * i,
    comment_count: i,
    media,
    children: [],
    ...extra,
  };
}

/** A widget snapshot like /api/widget/init's `data`, with the dashboard's defaults. */
export function sampleInit(
  overrides: { posts?: number; highlights?: number; language?: 'ar' | 'en' } = {},
): InitData {
  const margins = { top: 0, bottom: 0, left: 0, right: 0 };
  return {
    config: {
      widget_enabled: true,
      public_widget_key: 'wk_test',
      instagram_username: 'shop',
      package_tier: 'trial',
      language: overrides.language ?? 'ar',
      customization_options: {
        design_template: 'sleek_minimalist',
        account_info: {
          enabled: true,
          position: 'before_posts',
          show_profile_picture: true,
          show_statistics: true,
          show_follow_button: true,
          follow_button_text: 'متابعة',
        },
        feed: { enabled: true, layout: 'grid', posts_limit: 9 },
        highlights: { enabled: true, layout: 'circle', limit: 5 },
        colors: { primary: '#000000', secondary: '#ffffff', background: '#ffffff', text: '#000000' },
        spacing: { item_spacing: 10, container_padding: 15 },
        density: { items_per_row: 4 },
        display_size: 'medium',
        animation: 'fade',
        title_settings: {
          title_enabled: true,
          subtitle_enabled: true,
          title: 'تابعونا على إنستغرام',
          subtitle: 'شاهد أحدث منشوراتنا ولحظاتنا',
          title_margin: margins,
          subtitle_margin: margins,
        },
        text: { title: 'تابعونا على إنستغرام', show_captions: false },
        branding: { show: true },
        mute_videos: true,
      },
    },
    content: {
      feed: Array.from({ length: overrides.posts ?? 20 }, (_, i) => post(i + 1)),
      highlights: Array.from({ length: overrides.highlights ?? 3 }, (_, i) => ({
        id: `hl${i}`,
        external_id: `highlight:hl${i}`,
        title: `Highlight ${i}`,
        cover: image(`c${i}`),
        stories_count: 2,
      })),
      profile_picture: image('profile'),
      username: 'shop',
      account_data: {
        username: 'shop',
        name: 'The Shop',
        profile_picture: image('profile'),
        followers_count: 12_345,
        following_count: 10,
        media_count: 59,
        is_verified: true,
      },
    },
    version: 1,
    generated_at: '2026-01-01T00:00:00.000Z',
  };
}
