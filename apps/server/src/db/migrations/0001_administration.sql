CREATE TABLE "queue_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"queue_id" integer NOT NULL,
	"parent_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"option" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#A4CCCC' NOT NULL,
	"kanban" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"profile_pic_url" text DEFAULT '' NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"whatsapp_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_views" (
	"user_id" integer NOT NULL,
	"announcement_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_views_user_id_announcement_id_pk" PRIMARY KEY("user_id","announcement_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 3 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"media_path" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helps" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "greeting_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "complation_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "out_of_hours_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "rating_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "order_queue" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_parent_id_queue_options_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."queue_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_views" ADD CONSTRAINT "announcement_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_views" ADD CONSTRAINT "announcement_views_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_options_queue_parent_idx" ON "queue_options" USING btree ("queue_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_company_name_uq" ON "tags" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tags_company_idx" ON "tags" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "contact_custom_fields_contact_idx" ON "contact_custom_fields" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_number_uq" ON "contacts" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "contacts_company_name_idx" ON "contacts" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contacts_company_created_idx" ON "contacts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "announcements_status_idx" ON "announcements" USING btree ("status","created_at");