CREATE TABLE "instagram_stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ig_user_id" text NOT NULL,
	"external_id" text NOT NULL,
	"media_type" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"image" jsonb,
	"video" jsonb,
	"duration_seconds" double precision,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_highlight_stories" (
	"highlight_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "merchant_highlight_stories_highlight_id_story_id_pk" PRIMARY KEY("highlight_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_highlights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'custom' NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"cover_story_id" uuid,
	"cover_image" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_stories" ADD CONSTRAINT "instagram_stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_highlight_stories" ADD CONSTRAINT "merchant_highlight_stories_highlight_id_merchant_highlights_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."merchant_highlights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_highlight_stories" ADD CONSTRAINT "merchant_highlight_stories_story_id_instagram_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."instagram_stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_highlights" ADD CONSTRAINT "merchant_highlights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_highlights" ADD CONSTRAINT "merchant_highlights_cover_story_id_instagram_stories_id_fk" FOREIGN KEY ("cover_story_id") REFERENCES "public"."instagram_stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_stories_user_external_key" ON "instagram_stories" USING btree ("user_id","external_id");--> statement-breakpoint
CREATE INDEX "instagram_stories_user_taken_at_idx" ON "instagram_stories" USING btree ("user_id","taken_at");--> statement-breakpoint
CREATE INDEX "instagram_stories_taken_at_idx" ON "instagram_stories" USING btree ("taken_at");--> statement-breakpoint
CREATE INDEX "instagram_stories_ig_user_id_idx" ON "instagram_stories" USING btree ("ig_user_id");--> statement-breakpoint
CREATE INDEX "merchant_highlight_stories_story_id_idx" ON "merchant_highlight_stories" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "merchant_highlights_user_id_idx" ON "merchant_highlights" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_highlights_one_latest" ON "merchant_highlights" USING btree ("user_id") WHERE "merchant_highlights"."kind" = 'latest';--> statement-breakpoint
CREATE INDEX "instagram_connections_stories_polled_at_idx" ON "instagram_connections" USING btree ("stories_polled_at");