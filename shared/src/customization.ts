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
    designTemplate: 'sleek_minimalist',
    accountInfo: settings.accountInfo,
    // The groups go as they are, so a setting added to one reaches the widget without a change here.
    feed: {
      ...settings.feed,
      // A Basic merchant who chose more posts than the plan serves (say, after a downgrade) gets the plan's.
      postsLimit: Math.min(settings.feed.postsLimit, limits.contentLimit),
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
    spacing: { itemSpacing: settings.density.itemSpacing, containerPadding: 15 },
    density: { itemsPerRow: settings.density.itemsPerRow },
    displaySize: settings.display_size,
    animation: settings.animation.type,
    titleSettings: settings.titleSettings,
    text: { title: settings.titleSettings.title, showCaptions: settings.showCaptions },
    branding: { show: limits.brandingShown },
    muteVideos: settings.muteVideos,
  };
}
