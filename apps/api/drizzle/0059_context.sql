CREATE TABLE "academy_whatsapp_numbers" (
	"phone_number_id" varchar(64) PRIMARY KEY NOT NULL,
	"academy_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_heads" (
	"academy_id" uuid PRIMARY KEY NOT NULL,
	"next_due_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "academy_whatsapp_numbers" ADD CONSTRAINT "academy_whatsapp_numbers_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_heads" ADD CONSTRAINT "job_heads_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academy_whatsapp_numbers_academy_idx" ON "academy_whatsapp_numbers" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "job_heads_next_due_idx" ON "job_heads" USING btree ("next_due_at");--> statement-breakpoint
-- Kept answers per academy (issue 55, lib/read-cache.ts): a change announces `<academy_id>:<table>`, the
-- academy being the statement's (row-level security lets it write no other). Servers of an older
-- version send the bare table name, which the listener reads as "that table in every academy".
CREATE OR REPLACE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('academy_table_changes', coalesce(current_setting('app.academy_id', true), '') || ':' || TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The job runner's summary (db/job-runner.ts): a job queued, moved earlier or released earlier (its
-- lease shortened) moves its academy's head earlier; a leased job can be claimed when its lease ends.
-- Only when the head moves is its row written (a plain read first), so queuing 3,000 reminders or two
-- requests queuing at once do not wait on one row. The runner sets the head exactly (later) after each visit.
CREATE FUNCTION "note_job_due"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  due timestamptz := greatest(NEW.run_at, coalesce(NEW.locked_until, NEW.run_at));
BEGIN
  IF due IS NULL THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM "job_heads" WHERE "academy_id" = NEW.academy_id AND "next_due_at" <= due) THEN RETURN NULL; END IF;
  INSERT INTO "job_heads" ("academy_id", "next_due_at") VALUES (NEW.academy_id, due)
    ON CONFLICT ("academy_id") DO UPDATE SET "next_due_at" = least("job_heads"."next_due_at", excluded."next_due_at");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "note_job_due" AFTER INSERT OR UPDATE OF "run_at", "locked_until" ON "jobs" FOR EACH ROW EXECUTE FUNCTION "note_job_due"();
--> statement-breakpoint
-- Jobs queued before this migration: their academies' heads (the runner also sets every active academy's head when it starts).
INSERT INTO "job_heads" ("academy_id", "next_due_at")
  SELECT "academy_id", min("run_at") FROM "jobs" WHERE "run_at" IS NOT NULL GROUP BY "academy_id"
  ON CONFLICT ("academy_id") DO NOTHING;
