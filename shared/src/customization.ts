import { mutedTextColor } from './contrast.js';
import type { TPlanLimits } from './plans.js';
import type { TCustomizationOptions, TWidgetSettings } from './schemas/widget.js';

/**
 * The customisation the widget receives, with the plan applied: the server builds the store's snapshot
 * with it, and the dashboard's live preview applies unsaved settings with the same function, so the
 * preview shows exactly what the store will show after Save.
 */
export function customizationFor(
  settings: TWidgetSettings,
  limits: TPlanLimits,
  /** How many highlights the answer carries (the widget shows at most this many). */
  highlightCount: number,
): TCustomizationOptions {
  return {
    design_template: 'sleek_minimalist',
    account_info: settings.account_info,
    // The groups go as they are, so a setting added to one reaches the widget without a change here.
    feed: {
      ...settings.feed,
      // A Basic merchant who chose more posts than the plan serves (say, after a downgrade) gets the plan's.
      posts_limit: Math.min(settings.feed.posts_limit, limits.contentLimit),
    },
    highlights: {
      ...settings.highlights,
      enabled: settings.highlights.enabled && limits.highlights,
      limit: Math.min(highlightCount, settings.highlights.limit),
    },
    colors: {
      primary: settings.primary_color,
      secondary: settings.secondary_color,
      background: settings.secondary_color,
      text: settings.primary_color,
      muted: mutedTextColor(settings.primary_color, settings.secondary_color),
    },
    spacing: { item_spacing: settings.density.item_spacing, container_padding: 15 },
    density: { items_per_row: settings.density.items_per_row },
    display_size: settings.display_size,
    animation: settings.animation.type,
    title_settings: settings.title_settings,
    text: { title: settings.title_settings.title, show_captions: settings.show_captions },
    branding: { show: limits.brandingShown },
    mute_videos: settings.mute_videos,
  };
}
