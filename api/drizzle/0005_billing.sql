CREATE TABLE "billing_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"amount_halalas" integer NOT NULL,
	"credit_halalas" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text,
	"payment_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"failure_message" text,
	"checked_at" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refunded_halalas" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payment_id" text NOT NULL,
	"checkout_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"detail" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_counters" (
	"seller_vat_number" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_vat_number" text NOT NULL,
	"number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"buyer_name" text,
	"buyer_email" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_halalas" integer NOT NULL,
	"vat_halalas" integer NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"qr" text NOT NULL,
	"invoice_hash" text NOT NULL,
	"previous_invoice_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_notices" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_notices_user_id_kind_period_end_pk" PRIMARY KEY("user_id","kind","period_end")
);
--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "billing_period" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "paid_halalas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "next_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "next_billing_period" text;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "next_end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD COLUMN "next_paid_halalas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_checkout_id_billing_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."billing_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_checkouts_user_id_idx" ON "billing_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_checkouts_provider_invoice_id_key" ON "billing_checkouts" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "billing_checkouts_created_at_idx" ON "billing_checkouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "billing_events_pending_idx" ON "billing_events" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "billing_events_outcome_idx" ON "billing_events" USING btree ("outcome","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_seller_number_key" ON "billing_invoices" USING btree ("seller_vat_number","number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_checkout_id_key" ON "billing_invoices" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "billing_invoices_user_id_idx" ON "billing_invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_next_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("next_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE no action ON UPDATE no action;