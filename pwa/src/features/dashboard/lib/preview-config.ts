import {
  mutedTextColor,
  PLAN_LIMITS,
  type TCustomizationOptions,
  type TWidgetInit,
  type TWidgetSettings,
} from '@app/shared';

/**
 * What the live preview renders: the store's own widget answer (content, plan) with the merchant's unsaved
 * settings applied the way the server applies saved ones (api customizationFor), so the preview shows what
 * the store will show after Save.
 */
export function previewData(init: TWidgetInit['data'], draft: TWidgetSettings): TWidgetInit['data'] {
  const limits = PLAN_LIMITS[init.config.packageTier];
  const base = init.config.customizationOptions;
  const customizationOptions: TCustomizationOptions = {
    ...base,
    accountInfo: draft.accountInfo,
    feed: { ...base.feed, enabled: draft.feed.enabled, layout: draft.feed.layout },
    highlights: {
      ...base.highlights,
      enabled: draft.highlights.enabled && limits.highlights,
      layout: draft.highlights.layout,
      limit: Math.max(base.highlights.limit, init.content.highlights.length),
    },
    colors: {
      primary: draft.primary_color,
      secondary: draft.secondary_color,
      background: draft.secondary_color,
      text: draft.primary_color,
      muted: mutedTextColor(draft.primary_color, draft.secondary_color),
    },
    spacing: { ...base.spacing, itemSpacing: draft.density.itemSpacing },
    density: { itemsPerRow: draft.density.itemsPerRow },
    displaySize: draft.display_size,
    animation: draft.animation.type,
    titleSettings: draft.titleSettings,
    text: { ...base.text, title: draft.titleSettings.title },
  };
  return {
    ...init,
    config: { ...init.config, widgetEnabled: draft.widgetEnabled, customizationOptions },
  };
}

/**
 * Changes whenever the widget answer can have changed (new content, newly saved settings), so the preview's
 * request skips caches exactly then (spec §4 "preview cache-bust") and is reused otherwise.
 */
export function previewCacheBust(lastRefresh: string | null, settingsVersion: number): string {
  const refreshed = lastRefresh ? Date.parse(lastRefresh) : 0;
  return `${(Number.isFinite(refreshed) ? refreshed : 0).toString(36)}.${settingsVersion}`;
}
