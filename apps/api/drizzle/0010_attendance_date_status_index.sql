DROP INDEX "attendance_date_idx";--> statement-breakpoint
CREATE INDEX "attendance_date_status_batch_idx" ON "attendance_records" USING btree ("date","status","batch_id");