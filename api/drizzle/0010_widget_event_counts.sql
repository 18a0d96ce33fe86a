CREATE TABLE "widget_event_counts" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "widget_event_counts_user_id_day_type_subject_pk" PRIMARY KEY("user_id","day","type","subject")
);
--> statement-breakpoint
ALTER TABLE "widget_event_counts" ADD CONSTRAINT "widget_event_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "widget_event_counts_day_idx" ON "widget_event_counts" USING btree ("day");