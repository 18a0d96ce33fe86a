import { customizationFor, PLAN_LIMITS, type TWidgetInit, type TWidgetSettings } from '@app/shared';

/**
 * What the live preview renders: the store's own widget answer (content, plan) with the merchant's unsaved
 * settings applied by the function the server applies saved ones with (shared customizationFor), so the
 * preview shows what the store will show after Save. The answer carries every highlight a merchant may
 * choose to show, so a raised highlight limit shows before it is saved.
 */
export function previewData(init: TWidgetInit['data'], draft: TWidgetSettings): TWidgetInit['data'] {
  const customization_options = customizationFor(
    draft,
    PLAN_LIMITS[init.config.package_tier],
    init.content.highlights.length,
  );
  return {
    ...init,
    config: { ...init.config, widget_enabled: draft.widget_enabled, customization_options },
  };
}

/**
 * Changes whenever the widget answer can have changed (new content, newly saved settings), so the preview's
 * request skips caches exactly then (product §4 "preview cache-bust") and is reused otherwise.
 */
export function previewCacheBust(lastRefresh: string | null, settingsVersion: number): string {
  const refreshed = lastRefresh ? Date.parse(lastRefresh) : 0;
  return `${(Number.isFinite(refreshed) ? refreshed : 0).toString(36)}.${settingsVersion}`;
}
