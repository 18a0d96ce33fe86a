ALTER TABLE "salla_connections" ADD COLUMN "script_status" text;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "script_error" text;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "script_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "script_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "platform_store_name" text;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "platform_store_url" text;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "script_status" text;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "script_error" text;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "script_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "script_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "platform_store_name" text;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "platform_store_url" text;