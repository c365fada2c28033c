-- Homework (issue 59, decision 056): no new table; homework, homework_submissions and academy_settings keep their row-level security.
ALTER TABLE "academy_settings" ADD COLUMN "homework" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD COLUMN "pages_removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "homework_academy_due_idx" ON "homework" USING btree ("academy_id","due_at");