-- Issue 74: a student's attendance asked for the first time (a new student, a parent's first look) read every
-- mark of the year from the table, one table page each (about 600 a year, twice: for the student's batches and
-- for the marks). The index on a student's marks now leads with the academy (row-level security's filter) and
-- carries the status, so the batches and the statistics come from the index alone; only the newest records
-- listed are read from the table (modules/attendance/student-attendance.ts).
-- On a live database the new index is built while the table takes no writes (seconds for two million marks).
DROP INDEX IF EXISTS "attendance_student_batch_date_idx";--> statement-breakpoint
CREATE INDEX "attendance_student_batch_date_idx" ON "attendance_records" USING btree ("academy_id","student_id","batch_id","date","status");
