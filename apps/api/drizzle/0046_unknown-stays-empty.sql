ALTER TABLE "students" ALTER COLUMN "gender" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "gender" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "address" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
-- Issue 42, decision 040: the address the spec made up ("Default Address") was never given; unknown is NULL.
-- Gender stays as stored: which "male" were made up cannot be told from the ones the office chose.
UPDATE "students" SET "address" = NULL WHERE "address" = 'Default Address' OR btrim("address") = '';
