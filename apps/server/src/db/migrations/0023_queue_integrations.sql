-- Until now no integration existed, so every link was refused; any stray id is cleared before its foreign key.
UPDATE "queues" SET "integration_id" = NULL WHERE "integration_id" IS NOT NULL;--> statement-breakpoint
UPDATE "whatsapps" SET "integration_id" = NULL WHERE "integration_id" IS NOT NULL;--> statement-breakpoint
UPDATE "tickets" SET "integration_id" = NULL WHERE "integration_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text DEFAULT 'typebot' NOT NULL,
	"name" text NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"json_content" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"url_n8n" text DEFAULT '' NOT NULL,
	"typebot_slug" text DEFAULT '' NOT NULL,
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_keyword_finish" text DEFAULT '' NOT NULL,
	"typebot_keyword_restart" text DEFAULT '' NOT NULL,
	"typebot_restart_message" text DEFAULT '' NOT NULL,
	"typebot_unknown_message" text DEFAULT '' NOT NULL,
	"signing_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sessions" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"session_id" text DEFAULT '' NOT NULL,
	"pending_choices" jsonb,
	"seen_message_id" integer,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sessions" ADD CONSTRAINT "integration_sessions_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_integrations_company_name_idx" ON "queue_integrations" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_integration_id_queue_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."queue_integrations"("id") ON DELETE set null ON UPDATE no action;