CREATE TABLE "media_files" (
	"path" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "storage_mb" integer DEFAULT 2048 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_company_idx" ON "media_files" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_media_path_idx" ON "messages" USING btree ("media_path") WHERE "messages"."media_path" is not null;