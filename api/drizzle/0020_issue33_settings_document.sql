ALTER TABLE "widget_preferences" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "settings_schema_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Issue 33: each row's columns become its settings document (the shape ZWidgetSettings parses). NULL
-- texts and values the schema no longer knows are left out (jsonb_strip_nulls), so reading the document
-- gives them the schema's defaults, as the old column mapper did.
UPDATE "widget_preferences" SET "settings_schema_version" = 1, "settings" = jsonb_strip_nulls(jsonb_build_object(
  'widgetEnabled', "widget_enabled",
  'feed', jsonb_build_object(
    'layout', CASE WHEN "feed_layout" IN ('grid', 'carousel', 'masonry') THEN "feed_layout" END,
    'enabled', "feed_enabled",
    'postsLimit', "feed_posts_limit",
    'showLoadMore', "feed_show_load_more",
    'autoplay', "feed_autoplay"
  ),
  'highlights', jsonb_build_object(
    'layout', CASE WHEN "highlights_layout" = 'square' THEN 'square' ELSE 'circle' END,
    'enabled', "highlights_enabled",
    'limit', "highlights_limit"
  ),
  'accountInfo', jsonb_build_object(
    'enabled', "account_info_enabled",
    'position', "account_info_position",
    'showProfilePicture', "show_profile_picture",
    'showStatistics', "show_statistics",
    'showFollowButton', "show_follow_button",
    'followButtonText', "follow_button_text"
  ),
  'primary_color', "primary_color",
  'secondary_color', "secondary_color",
  'display_size', CASE WHEN "display_size" IN ('small', 'medium', 'large') THEN "display_size" END,
  'density', jsonb_build_object('itemSpacing', "density_item_spacing", 'itemsPerRow', "density_items_per_row"),
  'animation', jsonb_build_object(
    'type', CASE WHEN "animation_type" IN ('fade', 'slide', 'zoom', 'none') THEN "animation_type" END
  ),
  'titleSettings', jsonb_build_object(
    'titleEnabled', "widget_title_enabled",
    'subtitleEnabled', "widget_subtitle_enabled",
    'title', "widget_title",
    'subtitle', "widget_subtitle",
    'titleEn', "widget_title_en",
    'subtitleEn', "widget_subtitle_en",
    'titleMargin', jsonb_build_object(
      'top', "widget_title_margin_top",
      'bottom', "widget_title_margin_bottom",
      'left', "widget_title_margin_left",
      'right', "widget_title_margin_right"
    ),
    'subtitleMargin', jsonb_build_object(
      'top', "widget_subtitle_margin_top",
      'bottom', "widget_subtitle_margin_bottom",
      'left', "widget_subtitle_margin_left",
      'right', "widget_subtitle_margin_right"
    )
  ),
  'showCaptions', "show_captions",
  'muteVideos', "mute_videos"
));
