-- Until now no prompt existed, so every link was refused; any stray id is cleared before its foreign key.
UPDATE "queues" SET "prompt_id" = NULL WHERE "prompt_id" IS NOT NULL;--> statement-breakpoint
UPDATE "whatsapps" SET "prompt_id" = NULL WHERE "prompt_id" IS NOT NULL;--> statement-breakpoint
UPDATE "tickets" SET "prompt_id" = NULL WHERE "prompt_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"prompt" text NOT NULL,
	"model" text NOT NULL,
	"max_tokens" integer NOT NULL,
	"temperature" double precision NOT NULL,
	"api_key" text NOT NULL,
	"queue_id" integer,
	"max_messages" integer NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"transcription_model" text DEFAULT 'whisper-1' NOT NULL,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "hold_released" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "transcription" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_company_name_idx" ON "prompts" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;