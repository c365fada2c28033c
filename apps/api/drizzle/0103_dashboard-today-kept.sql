-- Issue 74 and 77: the admin dashboard's part of today (messages to families by status, the families' WhatsApp
-- messages and the conversations waiting, off-site copies that failed) was read afresh with every request of
-- the dashboard (on Citus, through the coordinator: its one statement left of a kept read). It is kept now
-- like the dashboard's counts (lib/read-cache.ts), so the tables it reads announce their changes like the
-- other watched tables (migration 0028, the academy in its payload since 0059). Only the columns it reads:
-- a message's claim and its renewal (`locked_until`, a few times a minute while a send is slow) and an
-- off-site copy's progress forget nothing. A statement trigger: one notice a statement. Safe on a live
-- database: creating a trigger takes a short lock and rewrites nothing.
DROP TRIGGER IF EXISTS "announce_change" ON "parent_messages";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "kind", "status", "not_before", "created_at" ON "parent_messages" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "conversation_messages";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "direction", "kind", "created_at" ON "conversation_messages" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "conversations";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "waiting" ON "conversations" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "offsite_backups";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "status", "last_error", "last_attempt_at" ON "offsite_backups" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "offsite_backup_settings";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "enabled" ON "offsite_backup_settings" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
