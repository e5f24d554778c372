CREATE INDEX "tickets_company_closed_idx" ON "tickets" USING btree ("company_id","closed_at","accepted_at","created_at","user_id");--> statement-breakpoint
CREATE INDEX "tickets_company_accepted_idx" ON "tickets" USING btree ("company_id","accepted_at","queued_at","created_at");--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "user_ratings_company_created_idx" ON "user_ratings" USING btree ("company_id","created_at","user_id","rate");