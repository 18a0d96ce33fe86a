CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone,
	"next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"hash" text PRIMARY KEY NOT NULL,
	"unreferenced_since" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "media_objects_unreferenced_since_idx" ON "media_objects" USING btree ("unreferenced_since");