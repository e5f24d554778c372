DROP INDEX "tickets_company_closed_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_business_minutes" double precision;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_business_minutes" double precision;--> statement-breakpoint
CREATE INDEX "tickets_company_closed_idx" ON "tickets" USING btree ("company_id","closed_at","accepted_at","created_at","user_id","first_response_business_minutes","resolution_business_minutes");