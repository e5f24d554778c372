CREATE TABLE "pending_acks" (
	"id" serial PRIMARY KEY NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"wid" text NOT NULL,
	"ack" integer NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contacts_company_number_uq";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "parent_user_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "pending_acks" ADD CONSTRAINT "pending_acks_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_acks_whatsapp_wid_uq" ON "pending_acks" USING btree ("whatsapp_id","wid");--> statement-breakpoint
CREATE INDEX "pending_acks_received_idx" ON "pending_acks" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_user_id_uq" ON "contacts" USING btree ("company_id","user_id") WHERE "contacts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_number_uq" ON "contacts" USING btree ("company_id","number") WHERE "contacts"."number" <> '';