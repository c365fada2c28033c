CREATE TABLE "omr_answer_keys" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"exam_id" uuid PRIMARY KEY NOT NULL,
	"pattern" varchar(10) NOT NULL,
	"options" integer NOT NULL,
	"answers" text[] NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "omr_answer_keys_pattern_check" CHECK ("omr_answer_keys"."pattern" in ('neet', 'jee', 'cet', 'custom')),
	CONSTRAINT "omr_answer_keys_options_check" CHECK ("omr_answer_keys"."options" in (4, 5))
);
--> statement-breakpoint
CREATE TABLE "omr_scans" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"file_key" varchar(100) NOT NULL,
	"file_type" varchar(20) NOT NULL,
	"answers" text[] NOT NULL,
	"uncertain" integer[] NOT NULL,
	"score" integer NOT NULL,
	"scanned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "omr_answer_keys" ADD CONSTRAINT "omr_answer_keys_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_answer_keys" ADD CONSTRAINT "omr_answer_keys_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_answer_keys" ADD CONSTRAINT "omr_answer_keys_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_scans" ADD CONSTRAINT "omr_scans_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_scans" ADD CONSTRAINT "omr_scans_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_scans" ADD CONSTRAINT "omr_scans_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_scans" ADD CONSTRAINT "omr_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "omr_answer_keys_academy_idx" ON "omr_answer_keys" USING btree ("academy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "omr_scans_exam_student_idx" ON "omr_scans" USING btree ("exam_id","student_id");--> statement-breakpoint
CREATE INDEX "omr_scans_academy_idx" ON "omr_scans" USING btree ("academy_id");--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "omr_answer_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "omr_answer_keys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "omr_answer_keys" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));--> statement-breakpoint
ALTER TABLE "omr_scans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "omr_scans" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "omr_scans" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));
