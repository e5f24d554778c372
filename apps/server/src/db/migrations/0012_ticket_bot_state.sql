ALTER TABLE "tickets" ADD COLUMN "queue_option_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "out_of_hours_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rating_asks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_option_id_queue_options_id_fk" FOREIGN KEY ("queue_option_id") REFERENCES "public"."queue_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_queue_option_idx" ON "tickets" USING btree ("queue_option_id") WHERE "tickets"."queue_option_id" is not null;