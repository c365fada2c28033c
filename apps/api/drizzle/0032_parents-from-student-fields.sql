-- Issue 37: the spec's parent name and phone of a student (and the parent's email) become the
-- student's first linked parent, so one record per parent is reached on WhatsApp, SMS or email and the
-- student's page shows one parents block. Nothing entered is lost: each student's parent fields move
-- onto a parent record (the one with that number, else the parent account with that email, else a new
-- parent), linked first (at the student's creation time).
CREATE TEMP TABLE "student_parent_fields" ON COMMIT DROP AS
SELECT s.id AS student_id, s.created_at, su.name AS student_name, su.language,
  nullif(btrim(s.parent_name), '') AS name, s.parent_phone AS phone, lower(nullif(btrim(s.parent_email), '')) AS email,
  NULL::uuid AS parent_id
FROM "students" s JOIN "users" su ON su.id = s.user_id
WHERE coalesce(nullif(btrim(s.parent_name), ''), s.parent_phone, nullif(btrim(s.parent_email), '')) IS NOT NULL;--> statement-breakpoint
UPDATE "student_parent_fields" f SET parent_id = p.id FROM "parents" p WHERE f.phone IS NOT NULL AND p.phone = f.phone;--> statement-breakpoint
UPDATE "student_parent_fields" f SET parent_id = p.id FROM "users" u JOIN "parents" p ON p.user_id = u.id
WHERE f.parent_id IS NULL AND f.email IS NOT NULL AND lower(u.email) = f.email;--> statement-breakpoint
-- New parents: one per number, else one per email, else one per student (a name alone); the earliest
-- student's entry names them. An email already used by any account (or by an earlier new parent) is
-- not given again.
CREATE TEMP TABLE "new_parents" ON COMMIT DROP AS
SELECT gen_random_uuid() AS user_id, gen_random_uuid() AS parent_id, k.identity, k.phone, k.name, k.language,
  CASE WHEN k.email IS NOT NULL AND row_number() OVER (PARTITION BY k.email ORDER BY k.created_at) = 1
    AND NOT EXISTS (SELECT 1 FROM "users" u WHERE lower(u.email) = k.email) THEN k.email END AS email
FROM (
  SELECT DISTINCT ON (coalesce(f.phone, f.email, f.student_id::text))
    coalesce(f.phone, f.email, f.student_id::text) AS identity, f.phone, f.email, f.created_at, f.language,
    left(coalesce(f.name, 'Parent of ' || f.student_name), 120) AS name
  FROM "student_parent_fields" f WHERE f.parent_id IS NULL
  ORDER BY coalesce(f.phone, f.email, f.student_id::text), f.created_at
) k;--> statement-breakpoint
INSERT INTO "users" ("id", "name", "email", "role", "language", "is_active")
SELECT user_id, name, email, 'parent', language, true FROM "new_parents";--> statement-breakpoint
INSERT INTO "parents" ("id", "user_id", "phone", "relation")
SELECT parent_id, user_id, phone, 'guardian' FROM "new_parents";--> statement-breakpoint
UPDATE "student_parent_fields" f SET parent_id = n.parent_id FROM "new_parents" n
WHERE f.parent_id IS NULL AND coalesce(f.phone, f.email, f.student_id::text) = n.identity;--> statement-breakpoint
INSERT INTO "parent_students" ("parent_id", "student_id", "created_at")
SELECT parent_id, student_id, created_at FROM "student_parent_fields" WHERE parent_id IS NOT NULL
ON CONFLICT ("parent_id", "student_id") DO UPDATE SET "created_at" = least("parent_students"."created_at", excluded."created_at");--> statement-breakpoint
DROP INDEX "students_parent_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "parents_phone_trgm_idx" ON "parents" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "parent_name";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "parent_phone";--> statement-breakpoint
ALTER TABLE "students" DROP COLUMN "parent_email";--> statement-breakpoint
-- The students list (a kept answer) now reads parents' numbers and names: a change of a parent tells the servers.
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parents" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
