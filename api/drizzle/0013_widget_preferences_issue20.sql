ALTER TABLE "widget_preferences" ADD COLUMN "feed_posts_limit" integer DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "feed_show_load_more" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "feed_autoplay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "highlights_limit" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "show_captions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "mute_videos" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD CONSTRAINT "widget_preferences_limits_in_range" CHECK ("widget_preferences"."feed_posts_limit" between 3 and 50 and "widget_preferences"."highlights_limit" between 1 and 20);--> statement-breakpoint
-- Stores already live showed up to 20 highlights; they keep that until the merchant picks a limit (new rows get the spec's 5).
UPDATE "widget_preferences" SET "highlights_limit" = 20;