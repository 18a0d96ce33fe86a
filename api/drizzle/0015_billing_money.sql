CREATE TABLE "billing_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"checkout_id" uuid,
	"payment_id" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_credit_note_counters" (
	"seller_vat_number" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_vat_number" text NOT NULL,
	"number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"buyer_name" text,
	"buyer_email" text NOT NULL,
	"buyer_vat_number" text,
	"reason" text NOT NULL,
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
CREATE TABLE "billing_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_name" text,
	"vat_number" text,
	"card_token_enc" text,
	"card_brand" text,
	"card_last4" text,
	"card_saved_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "failure_response_code" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "purpose" text DEFAULT 'checkout' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "quoted_state" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "quoted_tier" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "quoted_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "start_mode" text DEFAULT 'now' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "save_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "refund_due_halalas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD COLUMN "refund_reverses_plan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "billing_alerts" ADD CONSTRAINT "billing_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_credit_notes" ADD CONSTRAINT "billing_credit_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_credit_notes" ADD CONSTRAINT "billing_credit_notes_checkout_id_billing_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."billing_checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_credit_notes" ADD CONSTRAINT "billing_credit_notes_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_alerts_created_at_idx" ON "billing_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_credit_notes_seller_number_key" ON "billing_credit_notes" USING btree ("seller_vat_number","number");--> statement-breakpoint
CREATE INDEX "billing_credit_notes_user_id_idx" ON "billing_credit_notes" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "billing_credit_notes_checkout_id_idx" ON "billing_credit_notes" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "billing_checkouts_refund_due_idx" ON "billing_checkouts" USING btree ("updated_at") WHERE "billing_checkouts"."refund_due_halalas" > 0;