ALTER TABLE "fee_receipts" DROP CONSTRAINT "fee_receipts_tax_adds_up";--> statement-breakpoint
ALTER TABLE "fee_plans" ADD COLUMN "taxable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "exempt_paise" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "payer_gstin" varchar(15);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "payer_name" varchar(200);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_tax_adds_up" CHECK ("fee_receipts"."tax_rate_bp" is null or "fee_receipts"."taxable_paise" + "fee_receipts"."cgst_paise" + "fee_receipts"."sgst_paise" + "fee_receipts"."igst_paise" + coalesce("fee_receipts"."exempt_paise", 0) = "fee_receipts"."amount_paise");