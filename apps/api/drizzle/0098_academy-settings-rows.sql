-- Issue 79: an academy's settings row is made with the academy (sign-up, the demo academy, an import, a
-- restore), and reading the settings never writes. Each academy that has none yet (the first academy of
-- a new installation, made by migration 0057, or one whose settings were never read) gets the row the
-- first read used to make: the defaults of academy-settings/academy-settings.ts (DEFAULT_ACADEMY_SETTINGS).
-- Row-level security admits only the academy of app.academy_id: each academy's row is written inside it.
-- In a restore's scratch schema (no row-level security) an academy is given a row only when the schema
-- holds none at all: its rows are the archive's one academy's.
DO $$
DECLARE
  academy uuid;
  previous text := current_setting('app.academy_id', true);
BEGIN
  FOR academy IN SELECT "id" FROM "public"."academies" ORDER BY "created_at", "id" LOOP
    PERFORM set_config('app.academy_id', academy::text, true);
    INSERT INTO "public"."academy_settings" ("academy_id", "name", "tagline", "address", "phones", "email", "office_hours", "time_zone")
    SELECT academy, 'Shree Academy, Latur', 'Coaching for 9th to 12th: board exams, JEE and NEET', 'Shivaji Chowk, Latur, Maharashtra 413512',
      ARRAY['+919876543210', '+919876543211', '+919876543212'], 'office@academy.example.in',
      'Monday to Saturday 10:00 AM to 6:00 PM, Sunday closed', 'Asia/Kolkata'
    WHERE NOT EXISTS (SELECT 1 FROM "public"."academy_settings")
    ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.academy_id', coalesce(previous, ''), true);
END $$;
