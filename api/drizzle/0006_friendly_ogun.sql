CREATE TABLE "instagram_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ig_user_id" text NOT NULL,
	"username" text NOT NULL,
	"account_type" text,
	"demo" boolean DEFAULT false NOT NULL,
	"access_token_enc" text,
	"token_issued_at" timestamp with time zone,
	"token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"health_notified_at" timestamp with time zone,
	"stories_polled_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instagram_deletion_requests" (
	"confirmation_code" text PRIMARY KEY NOT NULL,
	"ig_user_id" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"accounts" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instagram_connections" ADD CONSTRAINT "instagram_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instagram_connections_user_id_key" ON "instagram_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "instagram_connections_ig_user_id_idx" ON "instagram_connections" USING btree ("ig_user_id");--> statement-breakpoint
CREATE INDEX "instagram_connections_token_expires_at_idx" ON "instagram_connections" USING btree ("token_expires_at");