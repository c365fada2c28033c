CREATE TABLE "bank_statement_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"narration" text NOT NULL,
	"bank_reference" varchar(100),
	"utr" varchar(12),
	"line_key" varchar(64) NOT NULL,
	"receipt_id" uuid,
	CONSTRAINT "bank_statement_credits_amount_positive" CHECK ("bank_statement_credits"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"layout" varchar(10) NOT NULL,
	"already_imported" integer DEFAULT 0 NOT NULL,
	"debit_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD CONSTRAINT "bank_statement_credits_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD CONSTRAINT "bank_statement_credits_receipt_id_fee_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."fee_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_credits_line_key_idx" ON "bank_statement_credits" USING btree ("line_key");--> statement-breakpoint
CREATE INDEX "bank_statement_credits_statement_idx" ON "bank_statement_credits" USING btree ("statement_id","row");--> statement-breakpoint
CREATE INDEX "bank_statement_credits_utr_idx" ON "bank_statement_credits" USING btree ("utr");--> statement-breakpoint
CREATE INDEX "bank_statement_credits_receipt_idx" ON "bank_statement_credits" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "bank_statements_uploaded_at_idx" ON "bank_statements" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "bank_statements_uploaded_by_idx" ON "bank_statements" USING btree ("uploaded_by");