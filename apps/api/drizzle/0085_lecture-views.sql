CREATE TABLE "lecture_views" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lecture_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"seconds_watched" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"furthest" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_views_figures_check" CHECK ("lecture_views"."seconds_watched" >= 0 and "lecture_views"."position" >= 0 and "lecture_views"."furthest" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_one_subject_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "lecture_id" uuid;--> statement-breakpoint
ALTER TABLE "lecture_views" ADD CONSTRAINT "lecture_views_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_views" ADD CONSTRAINT "lecture_views_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_views" ADD CONSTRAINT "lecture_views_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_views_lecture_student_idx" ON "lecture_views" USING btree ("lecture_id","student_id");--> statement-breakpoint
CREATE INDEX "lecture_views_student_idx" ON "lecture_views" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_student_lecture_unique" ON "notifications" USING btree ("student_id","lecture_id");--> statement-breakpoint
CREATE INDEX "notifications_lecture_idx" ON "notifications" USING btree ("lecture_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_subject_check" CHECK (num_nonnulls("notifications"."announcement_id", "notifications"."note_id", "notifications"."online_test_id", "notifications"."homework_id", "notifications"."lecture_id") <= 1);--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "lecture_views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lecture_views" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "lecture_views" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));
