CREATE TABLE "fee_deposit_receipt_counters" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "fee_deposit_receipt_counters_academy_id_financial_year_pk" PRIMARY KEY("academy_id","financial_year")
);
--> statement-breakpoint
DROP INDEX "fee_receipts_number_idx";--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "series" varchar(2) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_deposit_receipt_counters" ADD CONSTRAINT "fee_deposit_receipt_counters_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_number_idx" ON "fee_receipts" USING btree ("academy_id","financial_year","series","seq");--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "fee_deposit_receipt_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_deposit_receipt_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_deposit_receipt_counters" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));
