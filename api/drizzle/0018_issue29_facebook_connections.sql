CREATE TABLE "facebook_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ig_user_id" text NOT NULL,
	"ig_ids" text[] DEFAULT '{}'::text[] NOT NULL,
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
ALTER TABLE "facebook_connections" ADD CONSTRAINT "facebook_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_connections_user_id_key" ON "facebook_connections" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "facebook_connections_ig_user_id_idx" ON "facebook_connections" USING btree ("ig_user_id");--> statement-breakpoint
CREATE INDEX "facebook_connections_ig_ids_idx" ON "facebook_connections" USING gin ("ig_ids");--> statement-breakpoint
CREATE INDEX "facebook_connections_token_expires_at_idx" ON "facebook_connections" USING btree ("token_expires_at");--> statement-breakpoint
CREATE INDEX "facebook_connections_stories_polled_at_idx" ON "facebook_connections" USING btree ("stories_polled_at");