CREATE TABLE "inbound_rejections" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer,
	"provider" text NOT NULL,
	"item" jsonb NOT NULL,
	"fingerprint" text NOT NULL,
	"reason" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbound_rejections" ADD CONSTRAINT "inbound_rejections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_rejections" ADD CONSTRAINT "inbound_rejections_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_rejections_whatsapp_fingerprint_uq" ON "inbound_rejections" USING btree ("whatsapp_id","fingerprint");--> statement-breakpoint
CREATE INDEX "inbound_rejections_received_idx" ON "inbound_rejections" USING btree ("received_at","id");