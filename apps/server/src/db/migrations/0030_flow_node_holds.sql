ALTER TABLE "integration_sessions" ALTER COLUMN "integration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "hold_flow_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "hold_flow_node_id" text;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD COLUMN "flow_id" integer;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD COLUMN "flow_node_id" text;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_holder_ck" CHECK ("integration_sessions"."integration_id" is not null or "integration_sessions"."flow_node_id" is not null);