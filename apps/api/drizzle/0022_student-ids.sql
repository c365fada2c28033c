CREATE TABLE "student_id_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "student_code" varchar(20);--> statement-breakpoint
-- Existing students get their IDs in admission order within each admission year (issue 21).
UPDATE "students" SET "student_code" = numbered.code FROM (
	SELECT "id", 'LAT-' || admission_year || '-' || lpad(n::text, greatest(4, length(n::text)), '0') AS code
	FROM (
		SELECT "id", extract(year FROM "admission_date")::int AS admission_year,
			row_number() OVER (PARTITION BY extract(year FROM "admission_date") ORDER BY "admission_date", "created_at", "id") AS n
		FROM "students"
	) AS ranked
) AS numbered WHERE numbered."id" = "students"."id";--> statement-breakpoint
INSERT INTO "student_id_counters" ("year", "last")
	SELECT extract(year FROM "admission_date")::int, count(*)::int FROM "students" GROUP BY 1;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "student_code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "students_student_code_unique" ON "students" USING btree ("student_code");--> statement-breakpoint
CREATE INDEX "students_student_code_trgm_idx" ON "students" USING gin ("student_code" gin_trgm_ops);
