CREATE TABLE "fee_revised_invoice_counters" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "fee_revised_invoice_counters_academy_id_financial_year_pk" PRIMARY KEY("academy_id","financial_year")
);
--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "revised_financial_year" varchar(7);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "revised_seq" integer;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "revised_number" varchar(20);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "revised_date" date;--> statement-breakpoint
ALTER TABLE "fee_revised_invoice_counters" ADD CONSTRAINT "fee_revised_invoice_counters_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_revised_idx" ON "fee_receipts" USING btree ("academy_id","revised_financial_year","revised_seq") WHERE "fee_receipts"."revised_seq" is not null;--> statement-breakpoint
CREATE INDEX "fee_receipts_revised_date_idx" ON "fee_receipts" USING btree ("academy_id","revised_date") WHERE "fee_receipts"."revised_date" is not null;--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "fee_revised_invoice_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_revised_invoice_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_revised_invoice_counters" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());
