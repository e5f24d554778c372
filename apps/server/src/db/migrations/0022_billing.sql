CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"detail" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"charge_provider" text,
	"charge_id" text,
	"paid_at" timestamp with time zone,
	"renewed_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_company_id_provider_pk" PRIMARY KEY("company_id","provider")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_due_uq" ON "invoices" USING btree ("company_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_charge_uq" ON "invoices" USING btree ("charge_provider","charge_id");--> statement-breakpoint
CREATE INDEX "invoices_open_charge_idx" ON "invoices" USING btree ("id") WHERE "invoices"."status" = 'open' and "invoices"."charge_id" is not null;--> statement-breakpoint
-- Every company gets the new option row (new companies get it from createDefaultSettings).
INSERT INTO "settings" ("company_id", "key", "value") SELECT "id", 'asaasWebhookToken', '' FROM "companies" ON CONFLICT DO NOTHING;
