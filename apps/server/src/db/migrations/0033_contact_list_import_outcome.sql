ALTER TABLE "contact_lists" ADD COLUMN "import_status" text;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD COLUMN "import_error" text;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD COLUMN "import_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD COLUMN "import_imported" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD COLUMN "import_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD COLUMN "import_finished_at" timestamp with time zone;