CREATE TABLE "moyasar_webhook_verifications" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"verification_code" text NOT NULL,
	"live" boolean,
	"received_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"verify_error" text,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_events" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "webhooks_status" text;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "webhooks_error" text;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "webhooks_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salla_connections" ADD COLUMN "webhooks_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "webhooks_status" text;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "webhooks_error" text;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "webhooks_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "zid_connections" ADD COLUMN "webhooks_next_attempt_at" timestamp with time zone;