-- Issue 61: the exams domain says exams in its tables too (it was renamed in file names only). Renames,
-- not rebuilds: rows, row-level security and its "academy_only" policies go with the tables as they are;
-- the constraints, indexes and triggers named after the old tables are renamed for clarity. An archive
-- made before this migration is restored by replaying the migrations up to its own level and then this
-- one (modules/backups/academy-restore.ts), so its `tests`/`test_marks` rows arrive as exams.
ALTER TABLE "test_marks" RENAME TO "exam_marks";--> statement-breakpoint
ALTER TABLE "tests" RENAME TO "exams";--> statement-breakpoint
ALTER TABLE "exam_marks" RENAME COLUMN "test_id" TO "exam_id";--> statement-breakpoint
ALTER TABLE "online_test_batches" RENAME COLUMN "test_id" TO "exam_id";--> statement-breakpoint
ALTER TABLE "exams" RENAME CONSTRAINT "tests_pkey" TO "exams_pkey";--> statement-breakpoint
ALTER TABLE "exams" RENAME CONSTRAINT "tests_max_positive" TO "exams_max_positive";--> statement-breakpoint
ALTER TABLE "exams" RENAME CONSTRAINT "tests_academy_id_academies_id_fk" TO "exams_academy_id_academies_id_fk";--> statement-breakpoint
ALTER TABLE "exams" RENAME CONSTRAINT "tests_batch_id_batches_id_fk" TO "exams_batch_id_batches_id_fk";--> statement-breakpoint
ALTER TABLE "exams" RENAME CONSTRAINT "tests_created_by_users_id_fk" TO "exams_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "exam_marks" RENAME CONSTRAINT "test_marks_test_id_student_id_pk" TO "exam_marks_exam_id_student_id_pk";--> statement-breakpoint
ALTER TABLE "exam_marks" RENAME CONSTRAINT "test_marks_absent_or_marks" TO "exam_marks_absent_or_marks";--> statement-breakpoint
ALTER TABLE "exam_marks" RENAME CONSTRAINT "test_marks_academy_id_academies_id_fk" TO "exam_marks_academy_id_academies_id_fk";--> statement-breakpoint
ALTER TABLE "exam_marks" RENAME CONSTRAINT "test_marks_test_id_tests_id_fk" TO "exam_marks_exam_id_exams_id_fk";--> statement-breakpoint
ALTER TABLE "exam_marks" RENAME CONSTRAINT "test_marks_student_id_students_id_fk" TO "exam_marks_student_id_students_id_fk";--> statement-breakpoint
ALTER TABLE "exam_marks" RENAME CONSTRAINT "test_marks_entered_by_users_id_fk" TO "exam_marks_entered_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "online_test_batches" RENAME CONSTRAINT "online_test_batches_test_id_tests_id_fk" TO "online_test_batches_exam_id_exams_id_fk";--> statement-breakpoint
ALTER INDEX "test_marks_student_idx" RENAME TO "exam_marks_student_idx";--> statement-breakpoint
ALTER INDEX "test_marks_academy_idx" RENAME TO "exam_marks_academy_idx";--> statement-breakpoint
ALTER INDEX "tests_batch_date_idx" RENAME TO "exams_batch_date_idx";--> statement-breakpoint
ALTER INDEX "tests_academy_date_idx" RENAME TO "exams_academy_date_idx";--> statement-breakpoint
ALTER INDEX "online_test_batches_test_idx" RENAME TO "online_test_batches_exam_idx";--> statement-breakpoint
-- The two marks-within-maximum triggers (0029) name the old tables in their bodies: replaced under the
-- new names, same rules (the service's 400 maps the new constraint names, lib/postgres-errors.ts).
DROP TRIGGER "test_marks_within_maximum" ON "exam_marks";--> statement-breakpoint
DROP FUNCTION "test_marks_within_maximum"();--> statement-breakpoint
DROP TRIGGER "tests_maximum_above_marks" ON "exams";--> statement-breakpoint
DROP FUNCTION "tests_maximum_above_marks"();--> statement-breakpoint
CREATE FUNCTION "exam_marks_within_maximum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.half_marks IS NOT NULL AND NEW.half_marks > (SELECT max_half_marks FROM exams WHERE id = NEW.exam_id) THEN
    RAISE EXCEPTION 'exam_marks above the exam''s maximum' USING ERRCODE = 'check_violation', CONSTRAINT = 'exam_marks_within_maximum';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "exam_marks_within_maximum" BEFORE INSERT OR UPDATE OF "half_marks", "exam_id" ON "exam_marks" FOR EACH ROW EXECUTE FUNCTION "exam_marks_within_maximum"();
--> statement-breakpoint
CREATE FUNCTION "exams_maximum_above_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.max_half_marks < OLD.max_half_marks AND EXISTS (SELECT 1 FROM exam_marks WHERE exam_id = NEW.id AND half_marks > NEW.max_half_marks) THEN
    RAISE EXCEPTION 'exams maximum below a saved mark' USING ERRCODE = 'check_violation', CONSTRAINT = 'exams_maximum_above_marks';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "exams_maximum_above_marks" BEFORE UPDATE OF "max_half_marks" ON "exams" FOR EACH ROW EXECUTE FUNCTION "exams_maximum_above_marks"();
--> statement-breakpoint
-- The event `test.published` is now `exam.published` with `examId`: events already written (and their
-- pending deliveries, which point at them by id) are carried over so none is lost or left unhandled.
-- Every academy's rows: row-level security is lifted for this statement only (the migration runs as the
-- tables' owner, whom NO FORCE exempts) and put back at once, inside the migration's transaction.
ALTER TABLE "domain_events" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "domain_events" SET "type" = 'exam.published', "payload" = ("payload" - 'testId') || jsonb_build_object('examId', "payload"->'testId') WHERE "type" = 'test.published';--> statement-breakpoint
ALTER TABLE "domain_events" FORCE ROW LEVEL SECURITY;
