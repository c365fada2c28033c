CREATE TABLE "fee_due_invoices" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"due_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"seq" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"date" date NOT NULL,
	"due_paise" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"gstin" varchar(15) NOT NULL,
	"gst_registration_id" uuid NOT NULL,
	"sac" varchar(8) NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"round_off_paise" bigint NOT NULL,
	"place_of_supply" varchar(2) NOT NULL,
	"payer_gstin" varchar(15),
	"payer_name" varchar(200),
	"payer_address" varchar(300),
	"recipient_address" text,
	"recipient_state" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credit_note_financial_year" varchar(7),
	"credit_note_seq" integer,
	"credit_note_number" varchar(20),
	"credit_note_date" date,
	"credit_note_reason" text,
	CONSTRAINT "fee_due_invoices_adds_up" CHECK ("fee_due_invoices"."taxable_paise" + "fee_due_invoices"."cgst_paise" + "fee_due_invoices"."sgst_paise" + "fee_due_invoices"."igst_paise" + "fee_due_invoices"."round_off_paise" = "fee_due_invoices"."amount_paise"),
	CONSTRAINT "fee_due_invoices_amount_positive" CHECK ("fee_due_invoices"."due_paise" > 0 and "fee_due_invoices"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_invoice_settlements" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"receipt_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"due_paise" bigint NOT NULL,
	CONSTRAINT "fee_invoice_settlements_receipt_id_invoice_id_pk" PRIMARY KEY("receipt_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "fee_receipts" DROP CONSTRAINT "fee_receipts_tax_adds_up";--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "settled_paise" bigint;--> statement-breakpoint
-- Settings saved before decision 070 keep invoicing each payment (their documents and returns stay as issued); new ones invoice on due dates.
ALTER TABLE "gst_registrations" ADD COLUMN "instalment_invoicing" varchar(10) DEFAULT 'when-paid' NOT NULL;--> statement-breakpoint
ALTER TABLE "gst_registrations" ALTER COLUMN "instalment_invoicing" SET DEFAULT 'due-date';--> statement-breakpoint
ALTER TABLE "fee_due_invoices" ADD CONSTRAINT "fee_due_invoices_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_due_invoices" ADD CONSTRAINT "fee_due_invoices_due_id_fee_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."fee_dues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_due_invoices" ADD CONSTRAINT "fee_due_invoices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_due_invoices" ADD CONSTRAINT "fee_due_invoices_gst_registration_id_gst_registrations_id_fk" FOREIGN KEY ("gst_registration_id") REFERENCES "public"."gst_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_settlements" ADD CONSTRAINT "fee_invoice_settlements_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_settlements" ADD CONSTRAINT "fee_invoice_settlements_receipt_id_fee_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."fee_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_settlements" ADD CONSTRAINT "fee_invoice_settlements_invoice_id_fee_due_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_due_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_due_invoices_number_idx" ON "fee_due_invoices" USING btree ("academy_id","financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_due_invoices_live_due_idx" ON "fee_due_invoices" USING btree ("due_id") WHERE "fee_due_invoices"."credit_note_number" is null;--> statement-breakpoint
CREATE INDEX "fee_due_invoices_due_idx" ON "fee_due_invoices" USING btree ("due_id");--> statement-breakpoint
CREATE INDEX "fee_due_invoices_student_idx" ON "fee_due_invoices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "fee_due_invoices_gst_registration_idx" ON "fee_due_invoices" USING btree ("gst_registration_id");--> statement-breakpoint
CREATE INDEX "fee_due_invoices_date_idx" ON "fee_due_invoices" USING btree ("academy_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_due_invoices_credit_note_idx" ON "fee_due_invoices" USING btree ("academy_id","credit_note_financial_year","credit_note_seq") WHERE "fee_due_invoices"."credit_note_seq" is not null;--> statement-breakpoint
CREATE INDEX "fee_due_invoices_credit_note_date_idx" ON "fee_due_invoices" USING btree ("academy_id","credit_note_date") WHERE "fee_due_invoices"."credit_note_date" is not null;--> statement-breakpoint
CREATE INDEX "fee_invoice_settlements_invoice_idx" ON "fee_invoice_settlements" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_invoice_settlements_academy_idx" ON "fee_invoice_settlements" USING btree ("academy_id");--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_tax_adds_up" CHECK ("fee_receipts"."tax_rate_bp" is null or "fee_receipts"."taxable_paise" + "fee_receipts"."cgst_paise" + "fee_receipts"."sgst_paise" + "fee_receipts"."igst_paise" + coalesce("fee_receipts"."round_off_paise", 0) + coalesce("fee_receipts"."exempt_paise", 0) + coalesce("fee_receipts"."deposit_paise", 0) + coalesce("fee_receipts"."settled_paise", 0) = "fee_receipts"."amount_paise");--> statement-breakpoint
ALTER TABLE "gst_registrations" ADD CONSTRAINT "gst_registrations_instalment_invoicing_check" CHECK ("gst_registrations"."instalment_invoicing" in ('due-date', 'when-paid'));;--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "fee_due_invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_due_invoices" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_due_invoices" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));--> statement-breakpoint
ALTER TABLE "fee_invoice_settlements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_invoice_settlements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_invoice_settlements" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));
