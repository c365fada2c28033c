DROP INDEX "payment_claims_utr_idx";--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD COLUMN "set_aside_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD COLUMN "set_aside_by" uuid;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD COLUMN "set_aside_note" varchar(300);--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "period_from" date;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "period_to" date;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD CONSTRAINT "bank_statement_credits_set_aside_by_users_id_fk" FOREIGN KEY ("set_aside_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_statement_credits_set_aside_by_idx" ON "bank_statement_credits" USING btree ("set_aside_by");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_utr_idx" ON "payment_claims" USING btree ("utr") WHERE "payment_claims"."status" in ('pending', 'confirmed');--> statement-breakpoint
-- Issue 53: a UTR is read however it was spelt ("UTR:611100000001", "611100000001.") and from bank
-- transfers too (extractUtr in packages/shared/src/upi.ts). Receipts recorded before that get their
-- UTR now; where one UTR stands on two, the older keeps it (the unique index), nothing is refused.
UPDATE "fee_receipts" r SET "utr" = c.utr
FROM (
  SELECT DISTINCT ON (utr) id, utr FROM (
    SELECT id, created_at, substring(reference from '(?:^|[^0-9A-Za-z])(?:0000)?([0-9]{12})(?:$|[^0-9A-Za-z])') AS utr
    FROM "fee_receipts"
    WHERE "utr" IS NULL AND "cancelled_at" IS NULL AND "mode" IN ('upi', 'bank_transfer') AND "reference" IS NOT NULL
  ) found
  WHERE utr IS NOT NULL AND utr ~ '[1-9]'
    AND NOT EXISTS (SELECT 1 FROM "fee_receipts" live WHERE live.utr = found.utr AND live.cancelled_at IS NULL)
  ORDER BY utr, created_at, id
) c
WHERE r.id = c.id;--> statement-breakpoint
-- Statements told apart by their period: the first and last day of the credits each brought.
UPDATE "bank_statements" s SET "period_from" = p.first_day, "period_to" = p.last_day
FROM (SELECT statement_id, min(date) AS first_day, max(date) AS last_day FROM "bank_statement_credits" GROUP BY statement_id) p
WHERE p.statement_id = s.id;
