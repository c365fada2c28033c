ALTER TABLE "academy_settings" ALTER COLUMN "parent_webhook_secret" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "payments_locked_before" date;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
-- Marks never stand above their test's maximum (issue 35, finding 3). The service checks under a lock;
-- these triggers make it impossible whatever the code does: a mark saved above the maximum, or a
-- maximum lowered below a saved mark, is refused (check_violation, the service's 400 names it).
CREATE FUNCTION "test_marks_within_maximum"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.half_marks IS NOT NULL AND NEW.half_marks > (SELECT max_half_marks FROM tests WHERE id = NEW.test_id) THEN
    RAISE EXCEPTION 'test_marks above the test''s maximum' USING ERRCODE = 'check_violation', CONSTRAINT = 'test_marks_within_maximum';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "test_marks_within_maximum" BEFORE INSERT OR UPDATE OF "half_marks", "test_id" ON "test_marks" FOR EACH ROW EXECUTE FUNCTION "test_marks_within_maximum"();
--> statement-breakpoint
CREATE FUNCTION "tests_maximum_above_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.max_half_marks < OLD.max_half_marks AND EXISTS (SELECT 1 FROM test_marks WHERE test_id = NEW.id AND half_marks > NEW.max_half_marks) THEN
    RAISE EXCEPTION 'tests maximum below a saved mark' USING ERRCODE = 'check_violation', CONSTRAINT = 'tests_maximum_above_marks';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tests_maximum_above_marks" BEFORE UPDATE OF "max_half_marks" ON "tests" FOR EACH ROW EXECUTE FUNCTION "tests_maximum_above_marks"();
--> statement-breakpoint
-- The audit log cannot be emptied (finding 6): TRUNCATE skips row triggers, so a statement trigger
-- refuses it, except inside a restore, which marks its own transaction with
-- set_config('academy.restoring', 'on', true) (the table is then refilled from the signed backup).
CREATE FUNCTION "audit_log_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('academy.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_no_truncate"();
