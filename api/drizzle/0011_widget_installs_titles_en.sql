CREATE TABLE "widget_installs" (
	"public_widget_key" text NOT NULL,
	"origin" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_installs_public_widget_key_origin_pk" PRIMARY KEY("public_widget_key","origin")
);
--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "widget_title_en" text;--> statement-breakpoint
ALTER TABLE "widget_preferences" ADD COLUMN "widget_subtitle_en" text;--> statement-breakpoint
CREATE INDEX "widget_installs_key_last_seen_idx" ON "widget_installs" USING btree ("public_widget_key","last_seen_at");