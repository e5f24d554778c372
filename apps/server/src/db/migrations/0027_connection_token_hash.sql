DROP INDEX "whatsapps_token_uq";--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "token_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_token_hash_uq" ON "whatsapps" USING btree ("token_hash") WHERE "whatsapps"."token_hash" <> '';