ALTER TABLE "fee_receipts" DROP CONSTRAINT "fee_receipts_tax_adds_up";--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "delivery" text DEFAULT 'classroom' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD COLUMN "deposit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "payer_address" varchar(300);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "recipient_address" text;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "recipient_state" varchar(2);--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "round_off_paise" bigint;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "deposit_paise" bigint;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_delivery_check" CHECK ("batches"."delivery" in ('classroom', 'online'));--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_tax_adds_up" CHECK ("fee_receipts"."tax_rate_bp" is null or "fee_receipts"."taxable_paise" + "fee_receipts"."cgst_paise" + "fee_receipts"."sgst_paise" + "fee_receipts"."igst_paise" + coalesce("fee_receipts"."round_off_paise", 0) + coalesce("fee_receipts"."exempt_paise", 0) + coalesce("fee_receipts"."deposit_paise", 0) = "fee_receipts"."amount_paise");