CREATE TABLE "flow_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"flow_id" integer NOT NULL,
	"whatsapp_id" integer,
	"phrase" text NOT NULL,
	"phrase_key" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"graph" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "flow_id_welcome" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "flow_id_not_phrase" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "flow_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "flow_node_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "flow_waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "flow_variables" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "flow_walked" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "flow_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_campaigns_company_phrase_idx" ON "flow_campaigns" USING btree ("company_id","phrase_key");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_campaigns_active_phrase_uq" ON "flow_campaigns" USING btree ("company_id",coalesce("whatsapp_id", 0),"phrase_key") WHERE "flow_campaigns"."status";--> statement-breakpoint
CREATE INDEX "flows_company_name_idx" ON "flows" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_flow_id_welcome_flows_id_fk" FOREIGN KEY ("flow_id_welcome") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_flow_id_not_phrase_flows_id_fk" FOREIGN KEY ("flow_id_not_phrase") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;