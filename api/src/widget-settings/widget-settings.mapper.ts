import {
  DEFAULT_FOLLOW_TEXT_AR,
  DEFAULT_SUBTITLE_AR,
  DEFAULT_SUBTITLE_EN,
  DEFAULT_TITLE_AR,
  DEFAULT_TITLE_EN,
  FEED_LAYOUTS,
  ZWidgetSettings,
  type TWidgetSettings,
} from '@app/shared';
import type { WidgetPreferencesPatch, WidgetPreferencesRow } from './widget-preferences.repository.js';

/** Stored columns → the settings shape the dashboard and the snapshot use. */
export function rowToSettings(row: WidgetPreferencesRow): TWidgetSettings {
  const settings: TWidgetSettings = {
    widgetEnabled: row.widgetEnabled,
    feed: {
      layout: FEED_LAYOUTS.find((l) => l === row.feedLayout) ?? 'grid',
      enabled: row.feedEnabled,
      postsLimit: row.feedPostsLimit,
      showLoadMore: row.feedShowLoadMore,
      autoplay: row.feedAutoplay,
    },
    highlights: {
      layout: row.highlightsLayout === 'square' ? 'square' : 'circle',
      enabled: row.highlightsEnabled,
      limit: row.highlightsLimit,
    },
    accountInfo: {
      enabled: row.accountInfoEnabled,
      position: row.accountInfoPosition,
      showProfilePicture: row.showProfilePicture,
      showStatistics: row.showStatistics,
      showFollowButton: row.showFollowButton,
      followButtonText: row.followButtonText ?? DEFAULT_FOLLOW_TEXT_AR,
    },
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    display_size: (['small', 'medium', 'large'] as const).find((s) => s === row.displaySize) ?? 'medium',
    density: { itemSpacing: row.densityItemSpacing, itemsPerRow: row.densityItemsPerRow },
    animation: {
      type: (['fade', 'slide', 'zoom', 'none'] as const).find((a) => a === row.animationType) ?? 'fade',
    },
    titleSettings: {
      titleEnabled: row.widgetTitleEnabled,
      subtitleEnabled: row.widgetSubtitleEnabled,
      title: row.widgetTitle ?? DEFAULT_TITLE_AR,
      subtitle: row.widgetSubtitle ?? DEFAULT_SUBTITLE_AR,
      titleEn: row.widgetTitleEn ?? DEFAULT_TITLE_EN,
      subtitleEn: row.widgetSubtitleEn ?? DEFAULT_SUBTITLE_EN,
      titleMargin: {
        top: row.widgetTitleMarginTop,
        bottom: row.widgetTitleMarginBottom,
        left: row.widgetTitleMarginLeft,
        right: row.widgetTitleMarginRight,
      },
      subtitleMargin: {
        top: row.widgetSubtitleMarginTop,
        bottom: row.widgetSubtitleMarginBottom,
        left: row.widgetSubtitleMarginLeft,
        right: row.widgetSubtitleMarginRight,
      },
    },
    showCaptions: row.showCaptions,
    muteVideos: row.muteVideos,
  };
  // Stored rows predate schema changes sometimes; never hand out something the schema rejects.
  return ZWidgetSettings.parse(settings);
}

/** The settings shape → stored columns. */
export function settingsToPatch(s: TWidgetSettings): WidgetPreferencesPatch {
  return {
    widgetEnabled: s.widgetEnabled,
    feedLayout: s.feed.layout,
    feedEnabled: s.feed.enabled,
    feedPostsLimit: s.feed.postsLimit,
    feedShowLoadMore: s.feed.showLoadMore,
    feedAutoplay: s.feed.autoplay,
    highlightsLayout: s.highlights.layout,
    highlightsEnabled: s.highlights.enabled,
    highlightsLimit: s.highlights.limit,
    showCaptions: s.showCaptions,
    muteVideos: s.muteVideos,
    accountInfoEnabled: s.accountInfo.enabled,
    accountInfoPosition: s.accountInfo.position,
    showProfilePicture: s.accountInfo.showProfilePicture,
    showStatistics: s.accountInfo.showStatistics,
    showFollowButton: s.accountInfo.showFollowButton,
    followButtonText: s.accountInfo.followButtonText,
    primaryColor: s.primary_color,
    secondaryColor: s.secondary_color,
    displaySize: s.display_size,
    densityItemSpacing: s.density.itemSpacing,
    densityItemsPerRow: s.density.itemsPerRow,
    animationType: s.animation.type,
    widgetTitle: s.titleSettings.title,
    widgetSubtitle: s.titleSettings.subtitle,
    // Settings from before the English texts leave them as they are.
    ...(s.titleSettings.titleEn !== undefined ? { widgetTitleEn: s.titleSettings.titleEn } : {}),
    ...(s.titleSettings.subtitleEn !== undefined ? { widgetSubtitleEn: s.titleSettings.subtitleEn } : {}),
    widgetTitleEnabled: s.titleSettings.titleEnabled,
    widgetSubtitleEnabled: s.titleSettings.subtitleEnabled,
    widgetTitleMarginTop: s.titleSettings.titleMargin.top,
    widgetTitleMarginBottom: s.titleSettings.titleMargin.bottom,
    widgetTitleMarginLeft: s.titleSettings.titleMargin.left,
    widgetTitleMarginRight: s.titleSettings.titleMargin.right,
    widgetSubtitleMarginTop: s.titleSettings.subtitleMargin.top,
    widgetSubtitleMarginBottom: s.titleSettings.subtitleMargin.bottom,
    widgetSubtitleMarginLeft: s.titleSettings.subtitleMargin.left,
    widgetSubtitleMarginRight: s.titleSettings.subtitleMargin.right,
  };
}
