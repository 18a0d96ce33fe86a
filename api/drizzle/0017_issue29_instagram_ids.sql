ALTER TABLE "instagram_connections" ADD COLUMN "ig_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "instagram_connections_ig_ids_idx" ON "instagram_connections" USING gin ("ig_ids");--> statement-breakpoint
UPDATE "instagram_connections" SET "ig_ids" = ARRAY["ig_user_id"] WHERE "ig_ids" = '{}'::text[];
