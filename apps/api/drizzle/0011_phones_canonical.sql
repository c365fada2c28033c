-- Phones are stored one way, "+919822012345" (DESIGN.md section 8). Earlier versions stored
-- "+91 9822012345" or ten bare digits; rewrite every stored Indian mobile number to the canonical
-- form. Anything else (never written by the app) is left as it is. The helper is temporary (this
-- session only) and dropped again, as a restore replays migrations on a pooled connection.
CREATE OR REPLACE FUNCTION pg_temp.canonical_phone(phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN regexp_replace(phone, '[\s\-.()]', '', 'g') ~ '^(\+91|0)?[6-9][0-9]{9}$'
      THEN '+91' || right(regexp_replace(phone, '[\s\-.()]', '', 'g'), 10)
    ELSE phone
  END
$$;--> statement-breakpoint
UPDATE "teachers" SET "phone" = pg_temp.canonical_phone("phone") WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "students" SET "phone" = pg_temp.canonical_phone("phone") WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "students" SET "parent_phone" = pg_temp.canonical_phone("parent_phone") WHERE "parent_phone" IS NOT NULL;--> statement-breakpoint
UPDATE "admission_enquiries" SET "phone" = pg_temp.canonical_phone("phone") WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "admission_enquiries" SET "parent_phone" = pg_temp.canonical_phone("parent_phone") WHERE "parent_phone" IS NOT NULL;--> statement-breakpoint
UPDATE "academy_settings" SET "phones" = ARRAY(SELECT pg_temp.canonical_phone(p) FROM unnest("phones") WITH ORDINALITY AS t(p, n) ORDER BY n);--> statement-breakpoint
DROP FUNCTION pg_temp.canonical_phone(text);
