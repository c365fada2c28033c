ALTER TABLE "standards" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "names" jsonb DEFAULT '{}'::jsonb NOT NULL;