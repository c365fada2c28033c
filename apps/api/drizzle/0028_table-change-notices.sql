-- Kept answers (lib/read-cache.ts, decision 012 "Kept answers"): each server keeps answers many people
-- read, and forgets them when a table they were read from changes. Every change to these tables sends
-- NOTIFY academy_table_changes with the table's name when its transaction commits (one notice a table a
-- transaction, however many rows), and every server LISTENs. Statement triggers: a change of 80 marks is
-- one notice. For users only the columns the kept answers show: a sign-in (last_login_at), a language
-- or a password change forgets nothing.
CREATE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('academy_table_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academy_settings" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admission_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "announcement_batches" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attendance_records" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "batch_students" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "batches" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parent_students" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "standards" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "students" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subjects" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teachers" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "email", "role", "avatar_url", "is_active" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
