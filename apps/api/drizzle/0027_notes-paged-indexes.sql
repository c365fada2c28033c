DROP INDEX "notes_batch_idx";--> statement-breakpoint
DROP INDEX "notes_student_idx";--> statement-breakpoint
CREATE INDEX "notes_batch_created_idx" ON "notes" USING btree ("batch_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notes_student_created_idx" ON "notes" USING btree ("student_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);