CREATE TABLE "fee_credit_note_counters" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "fee_credit_note_counters_academy_id_financial_year_pk" PRIMARY KEY("academy_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "gst_registrations" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"effective_from" date NOT NULL,
	"registered" boolean NOT NULL,
	"gstin" varchar(15),
	"legal_name" varchar(200),
	"trade_name" varchar(200),
	"address" varchar(300),
	"rate_bp" integer NOT NULL,
	"sac" varchar(8) NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_registrations_rate_check" CHECK ("gst_registrations"."rate_bp" between 0 and 4000),
	CONSTRAINT "gst_registrations_gstin_check" CHECK (not "gst_registrations"."registered" or "gst_registrations"."gstin" is not null)
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "state" varchar(2);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "gstin" varchar(15);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "gst_registration_id" uuid;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "sac" varchar(8);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "tax_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "taxable_paise" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "cgst_paise" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "sgst_paise" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "igst_paise" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "place_of_supply" varchar(2);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "credit_note_financial_year" varchar(7);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "credit_note_seq" integer;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "credit_note_number" varchar(20);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "credit_note_date" date;--> statement-breakpoint
ALTER TABLE "fee_credit_note_counters" ADD CONSTRAINT "fee_credit_note_counters_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_registrations" ADD CONSTRAINT "gst_registrations_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_registrations" ADD CONSTRAINT "gst_registrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gst_registrations_academy_from_idx" ON "gst_registrations" USING btree ("academy_id","effective_from","created_at");--> statement-breakpoint
CREATE INDEX "gst_registrations_created_by_idx" ON "gst_registrations" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_gst_registration_id_gst_registrations_id_fk" FOREIGN KEY ("gst_registration_id") REFERENCES "public"."gst_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_receipts_gst_registration_idx" ON "fee_receipts" USING btree ("gst_registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_credit_note_idx" ON "fee_receipts" USING btree ("academy_id","credit_note_financial_year","credit_note_seq") WHERE "fee_receipts"."credit_note_seq" is not null;--> statement-breakpoint
CREATE INDEX "fee_receipts_credit_note_date_idx" ON "fee_receipts" USING btree ("academy_id","credit_note_date") WHERE "fee_receipts"."credit_note_date" is not null;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_tax_adds_up" CHECK ("fee_receipts"."tax_rate_bp" is null or "fee_receipts"."taxable_paise" + "fee_receipts"."cgst_paise" + "fee_receipts"."sgst_paise" + "fee_receipts"."igst_paise" = "fee_receipts"."amount_paise");--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "gst_registrations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gst_registrations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "gst_registrations" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_credit_note_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_credit_note_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_credit_note_counters" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());
