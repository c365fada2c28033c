-- Issue 74 and 77: a change notice (migration 0028; the academy in its payload since 0059) was sent by every
-- INSERT, UPDATE or DELETE statement on a watched table, also when it touched no row: a sweep finding nothing
-- to publish, a "mark as read" with nothing unread, a prune with nothing expired. Each made every server forget
-- that academy's kept answers of the table (lib/read-cache.ts), which were then read again. A statement outside
-- every academy (the owner's work across academies) announced the table of every academy.
-- Now each statement announces only the academies of the rows it changed, read from its transition tables:
-- nothing when it changed no row, and each academy once when it changed rows of several. PostgreSQL allows a
-- transition table only on a trigger of one event and without a column list, so each table has a trigger per
-- event: INSERT and DELETE (and UPDATE where every column counts) with the rows; UPDATE OF the columns read
-- where only some count, and TRUNCATE, as before (one notice a statement, the statement's academy).
-- On Citus the distribution step drops these triggers as it dropped the old one (db/citus.ts): there the
-- writing server announces after its commit (db/client.ts). Safe on a live database: creating and dropping
-- triggers takes a short lock on each table and rewrites nothing.
CREATE FUNCTION "announce_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  academy uuid;
BEGIN
  -- `changed_rows` holds the rows inserted, updated (as they are now) or deleted; an update also names
  -- the rows as they were (`old_rows`), so a row moved to another academy is announced in both.
  IF TG_OP = 'UPDATE' THEN
    FOR academy IN SELECT academy_id FROM changed_rows UNION SELECT academy_id FROM old_rows LOOP
      PERFORM pg_notify('academy_table_changes', coalesce(academy::text, '') || ':' || TG_TABLE_NAME);
    END LOOP;
  ELSE
    FOR academy IN SELECT DISTINCT academy_id FROM changed_rows LOOP
      PERFORM pg_notify('academy_table_changes', coalesce(academy::text, '') || ':' || TG_TABLE_NAME);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "absence_reasons";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "absence_reasons" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "absence_reasons" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "absence_reasons" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "absence_reasons" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "academy_settings";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "academy_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "academy_settings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "academy_settings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "academy_settings" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "admission_demos";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "admission_demos" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "admission_demos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "admission_demos" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "admission_demos" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "admission_enquiries";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "admission_enquiries" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "admission_enquiries" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "admission_enquiries" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "admission_enquiries" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "announcement_batches";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "announcement_batches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "announcement_batches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "announcement_batches" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "announcement_batches" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "announcements";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "announcements" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "announcements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "announcements" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "announcements" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "attendance_records";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "attendance_records" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "attendance_records" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "attendance_records" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "attendance_records" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "batch_students";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "batch_students" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "batch_students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "batch_students" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "batch_students" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "batches";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "batches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "batches" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "batches" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "batches" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "conversation_messages";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "conversation_messages" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE OF "direction", "kind", "created_at" ON "conversation_messages" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "conversation_messages" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "conversation_messages" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "conversations";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "conversations" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE OF "waiting" ON "conversations" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "conversations" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "conversations" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "fee_dues";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "fee_dues" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "fee_dues" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "fee_dues" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "fee_dues" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "fee_receipts";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "fee_receipts" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "fee_receipts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "fee_receipts" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "fee_receipts" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "notifications";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "offsite_backup_settings";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "offsite_backup_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE OF "enabled" ON "offsite_backup_settings" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "offsite_backup_settings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "offsite_backup_settings" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "offsite_backups";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "offsite_backups" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE OF "status", "last_error", "last_attempt_at" ON "offsite_backups" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "offsite_backups" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "offsite_backups" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "parent_messages";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "parent_messages" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE OF "kind", "status", "not_before", "created_at" ON "parent_messages" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "parent_messages" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "parent_messages" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "parent_students";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "parent_students" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "parent_students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "parent_students" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "parent_students" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "parents";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "parents" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "parents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "parents" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "parents" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "standards";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "standards" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "standards" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "standards" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "standards" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "students";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "students" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "students" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "students" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "students" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "subjects";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "subjects" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "subjects" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "subjects" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "subjects" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "teachers";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "teachers" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE ON "teachers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "teachers" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "teachers" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "users";
--> statement-breakpoint
CREATE TRIGGER "announce_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_update" AFTER UPDATE OF "name", "email", "role", "avatar_url", "is_active", "language" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "announce_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "announce_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "announce_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
