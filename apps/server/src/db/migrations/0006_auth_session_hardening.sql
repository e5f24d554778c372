ALTER TABLE "users" ADD COLUMN "refresh_jti" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "refresh_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_refresh_jti" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_attempts_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_check_failures" integer DEFAULT 0 NOT NULL;