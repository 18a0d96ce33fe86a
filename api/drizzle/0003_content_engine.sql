CREATE TABLE "instagram_content" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"posts" jsonb NOT NULL,
	"highlights" jsonb NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_snapshots" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"public_widget_key" text NOT NULL,
	"body" text NOT NULL,
	"etag" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD COLUMN "next_refresh_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD COLUMN "refresh_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "instagram_accounts" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instagram_content" ADD CONSTRAINT "instagram_content_account_id_instagram_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."instagram_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_snapshots" ADD CONSTRAINT "widget_snapshots_merchant_id_users_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "widget_snapshots_public_widget_key_key" ON "widget_snapshots" USING btree ("public_widget_key");--> statement-breakpoint
CREATE INDEX "instagram_accounts_next_refresh_at_idx" ON "instagram_accounts" USING btree ("next_refresh_at");