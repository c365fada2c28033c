-- Issue 77: a session is kept per server (lib/read-cache.ts `cachedPersonalRead`), so a request whose answer
-- is kept asks the database nothing at all. Its removal must reach every server at once (a sign-out, an
-- account's sessions ended by a password change or a deactivation); its renewal (every ten minutes per
-- session) and a new sign-in must not, or every kept session of the academy would be forgotten a few times a
-- second. So `sessions` announces its DELETE and TRUNCATE only, with the same notice as the other watched
-- tables (migration 0028, the academy in its payload since 0059). A statement trigger: one notice a
-- statement. Safe on a live database: creating a trigger takes a short lock and rewrites nothing.
DROP TRIGGER IF EXISTS "announce_change" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
-- A kept session carries its account's language (the words of what the server writes for that person): a
-- change of it made on one server must reach the others' kept sessions, as the other shown columns do.
DROP TRIGGER IF EXISTS "announce_change" ON "users";
--> statement-breakpoint
CREATE TRIGGER "announce_change" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "email", "role", "avatar_url", "is_active", "language" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
