CREATE TABLE "post_products" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "post_products_user_id_post_id_product_id_pk" PRIMARY KEY("user_id","post_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "post_settings" (
	"user_id" uuid NOT NULL,
	"post_id" text NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"pinned_position" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_settings_user_id_post_id_pk" PRIMARY KEY("user_id","post_id"),
	CONSTRAINT "post_settings_pinned_position_range" CHECK ("post_settings"."pinned_position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"name_ar" text,
	"name_en" text,
	"url" text NOT NULL,
	"price_halalas" integer NOT NULL,
	"sale_price_halalas" integer,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"image" jsonb,
	"image_source_url" text,
	"refreshed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_prices_non_negative" CHECK ("products"."price_halalas" >= 0 and coalesce("products"."sale_price_halalas", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "post_products" ADD CONSTRAINT "post_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_products" ADD CONSTRAINT "post_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_settings" ADD CONSTRAINT "post_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_products_product_id_idx" ON "post_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_settings_one_pin_per_position" ON "post_settings" USING btree ("user_id","pinned_position") WHERE "post_settings"."pinned_position" is not null;--> statement-breakpoint
CREATE INDEX "products_user_id_idx" ON "products" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_platform_key" ON "products" USING btree ("user_id","source","external_id") WHERE "products"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "products_external_idx" ON "products" USING btree ("source","external_id");