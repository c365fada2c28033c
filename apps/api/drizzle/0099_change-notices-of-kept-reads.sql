-- Issue 74: the admin dashboard's month (money collected, overdue dues per batch) is kept with its counts
-- (lib/read-cache.ts) instead of being summed again over every open due for each request, and a
-- student's bell (the notifications list, asked again each minute) is kept until it changes. The tables
-- those answers read now send the change notice as the other watched tables do (migration 0028, the
-- academy in its payload since 0059). Statement triggers: one notice a statement, however many rows.
-- Safe on a live database: creating a trigger takes a short lock and rewrites nothing.
DROP TRIGGER IF EXISTS "announce_change" ON "fee_dues";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fee_dues" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "fee_receipts";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fee_receipts" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "announce_change" ON "notifications";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
