CREATE TABLE "store_link_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"store_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"store_name" text,
	"store_url" text,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"scope" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_link_requests" ADD CONSTRAINT "store_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_link_requests_store_key" ON "store_link_requests" USING btree ("platform","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_link_requests_token_hash_key" ON "store_link_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "store_link_requests_user_id_idx" ON "store_link_requests" USING btree ("user_id");