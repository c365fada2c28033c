CREATE TABLE "payment_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"due_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"utr" varchar(12) NOT NULL,
	"paid_on" date NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"claimed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" varchar(300),
	"receipt_id" uuid,
	CONSTRAINT "payment_claims_amount_positive" CHECK ("payment_claims"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "utr" varchar(12);--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_due_id_fee_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."fee_dues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_receipt_id_fee_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."fee_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_utr_idx" ON "payment_claims" USING btree ("utr") WHERE "payment_claims"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "payment_claims_status_idx" ON "payment_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_claims_student_idx" ON "payment_claims" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "payment_claims_due_idx" ON "payment_claims" USING btree ("due_id");--> statement-breakpoint
CREATE INDEX "payment_claims_claimed_by_idx" ON "payment_claims" USING btree ("claimed_by");--> statement-breakpoint
CREATE INDEX "payment_claims_decided_by_idx" ON "payment_claims" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "payment_claims_receipt_idx" ON "payment_claims" USING btree ("receipt_id");--> statement-breakpoint
-- Receipts of UPI payments recorded so far get their UTR from the reference (12 digits standing alone).
-- Where the office typed one UTR on two receipts, the oldest keeps it and the other stays as it was:
-- nothing recorded is refused.
UPDATE "fee_receipts" r SET "utr" = x.utr
FROM (
  SELECT DISTINCT ON (utr) id, utr
  FROM (SELECT id, created_at, substring(reference from '(?:^|[^0-9])([0-9]{12})(?:[^0-9]|$)') AS utr FROM "fee_receipts" WHERE mode = 'upi' AND cancelled_at IS NULL AND reference IS NOT NULL) c
  WHERE utr IS NOT NULL
  ORDER BY utr, created_at, id
) x
WHERE r.id = x.id;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_utr_idx" ON "fee_receipts" USING btree ("utr") WHERE "fee_receipts"."utr" is not null and "fee_receipts"."cancelled_at" is null;