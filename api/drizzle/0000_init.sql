CREATE TABLE "instagram_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"instagram_username" text NOT NULL,
	"public_widget_key" text NOT NULL,
	"is_validated" boolean DEFAULT false NOT NULL,
	"widget_content_ready" boolean DEFAULT false NOT NULL,
	"user_id_external" text,
	"instagram_user_id" text,
	"last_refresh" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "salla_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"scope" text,
	"status" text DEFAULT 'active' NOT NULL,
	"needs_password_setup" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"installed_at" timestamp with time zone,
	"uninstalled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_tiers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"monthly_price_sar" integer NOT NULL,
	CONSTRAINT "subscription_tiers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tier_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"source" text DEFAULT 'direct' NOT NULL,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'ar' NOT NULL,
	"full_name" text,
	"business_name" text,
	"store_url" text,
	"store_platform" text DEFAULT 'other' NOT NULL,
	"password_hash" text,
	"needs_password_setup" boolean DEFAULT false NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "widget_preferences" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"widget_enabled" boolean DEFAULT true NOT NULL,
	"feed_layout" text DEFAULT 'grid' NOT NULL,
	"feed_enabled" boolean DEFAULT true NOT NULL,
	"highlights_layout" text DEFAULT 'circle' NOT NULL,
	"highlights_enabled" boolean DEFAULT true NOT NULL,
	"primary_color" text DEFAULT '#000000' NOT NULL,
	"secondary_color" text DEFAULT '#ffffff' NOT NULL,
	"display_size" text DEFAULT 'medium' NOT NULL,
	"density_item_spacing" integer DEFAULT 10 NOT NULL,
	"density_items_per_row" integer DEFAULT 4 NOT NULL,
	"animation_type" text DEFAULT 'fade' NOT NULL,
	"widget_title" text,
	"widget_subtitle" text,
	"widget_title_enabled" boolean DEFAULT true NOT NULL,
	"widget_subtitle_enabled" boolean DEFAULT true NOT NULL,
	"widget_title_margin_top" integer DEFAULT 0 NOT NULL,
	"widget_title_margin_bottom" integer DEFAULT 0 NOT NULL,
	"widget_title_margin_left" integer DEFAULT 0 NOT NULL,
	"widget_title_margin_right" integer DEFAULT 0 NOT NULL,
	"widget_subtitle_margin_top" integer DEFAULT 0 NOT NULL,
	"widget_subtitle_margin_bottom" integer DEFAULT 0 NOT NULL,
	"widget_subtitle_margin_left" integer DEFAULT 0 NOT NULL,
	"widget_subtitle_margin_right" integer DEFAULT 0 NOT NULL,
	"account_info_enabled" boolean DEFAULT true NOT NULL,
	"account_info_position" text DEFAULT 'before_posts' NOT NULL,
	"show_profile_picture" boolean DEFAULT true NOT NULL,
	"show_statistics" boolean DEFAULT true NOT NULL,
	"show_follow_button" boolean DEFAULT true NOT NULL,
	"follow_button_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "widget_preferences_margins_non_negative" CHECK (least("widget_preferences"."widget_title_margin_top", "widget_preferences"."widget_title_margin_bottom", "widget_preferences"."widget_title_margin_left", "widget_preferences"."widget_title_margin_right", "widget_preferences"."widget_subtitle_margin_top", "widget_preferences"."widget_subtitle_margin_bottom", "widget_preferences"."widget_subtitle_margin_left", "widget_preferences"."widget_subtitle_margin_right") >= 0)
);
--> statement-breakpoint
CREATE TABLE "zid_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"scope" text,
	"status" text DEFAULT 'active' NOT NULL,
	"needs_password_setup" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"installed_at" timestamp with time zone,
	"uninstalled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD CONSTRAINT "instagram_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD CONSTRAINT "salla_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD CONSTRAINT "widget_preferences_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD CONSTRAINT "zid_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_accounts_user_id_key" ON "instagram_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_accounts_public_widget_key_key" ON "instagram_accounts" USING btree ("public_widget_key");--> statement-breakpoint
CREATE UNIQUE INDEX "salla_connections_user_id_key" ON "salla_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salla_connections_store_id_key" ON "salla_connections" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_user_id_idx" ON "user_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_one_active" ON "user_subscriptions" USING btree ("user_id") WHERE "user_subscriptions"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "zid_connections_user_id_key" ON "zid_connections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zid_connections_store_id_key" ON "zid_connections" USING btree ("store_id");