ALTER TABLE "academy_settings" ADD COLUMN "payments" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Every due gets the student's n-th number (issue 38): the UPI reference LAT26-0042-I2 names it for ever.
-- Existing dues are numbered in their ledger's order (due date, instalment, creation).
ALTER TABLE "fee_dues" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "fee_dues" d SET "number" = n.rn
FROM (SELECT id, row_number() OVER (PARTITION BY student_id ORDER BY due_date, seq, created_at, id) AS rn FROM "fee_dues") n
WHERE n.id = d.id;--> statement-breakpoint
ALTER TABLE "fee_dues" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_dues_student_number_idx" ON "fee_dues" USING btree ("student_id","number");
