CREATE TABLE "lecture_stills" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lecture_id" uuid NOT NULL,
	"tenths" integer NOT NULL,
	"file_key" varchar(100) NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_stills_fileKey_unique" UNIQUE("file_key"),
	CONSTRAINT "lecture_stills_tenths_check" CHECK ("lecture_stills"."tenths" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lecture_stills" ADD CONSTRAINT "lecture_stills_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_stills" ADD CONSTRAINT "lecture_stills_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_stills_lecture_time_idx" ON "lecture_stills" USING btree ("lecture_id","tenths");--> statement-breakpoint
CREATE INDEX "lecture_stills_academy_idx" ON "lecture_stills" USING btree ("academy_id");--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "lecture_stills" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lecture_stills" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "lecture_stills" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));
