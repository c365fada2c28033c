CREATE TABLE "homework" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"teacher_id" uuid,
	"title" varchar(200) NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"hand_in" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homework_files" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"homework_id" uuid NOT NULL,
	"submission_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"file_key" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"file_size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_files_fileKey_unique" UNIQUE("file_key"),
	CONSTRAINT "homework_files_size_check" CHECK ("homework_files"."file_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "homework_submissions" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"homework_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"comment" text,
	"marks" double precision,
	CONSTRAINT "homework_submissions_homework_student_unique" UNIQUE("academy_id","homework_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_one_subject_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "homework_id" uuid;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_files" ADD CONSTRAINT "homework_files_submission_id_homework_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."homework_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_submissions" ADD CONSTRAINT "homework_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_academy_batch_due_idx" ON "homework" USING btree ("academy_id","batch_id","due_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "homework_files_academy_homework_idx" ON "homework_files" USING btree ("academy_id","homework_id","submission_id","position");--> statement-breakpoint
CREATE INDEX "homework_files_academy_submission_idx" ON "homework_files" USING btree ("academy_id","submission_id","position");--> statement-breakpoint
CREATE INDEX "homework_submissions_academy_student_idx" ON "homework_submissions" USING btree ("academy_id","student_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_homework_id_homework_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."homework"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_student_homework_unique" ON "notifications" USING btree ("student_id","homework_id");--> statement-breakpoint
CREATE INDEX "notifications_homework_idx" ON "notifications" USING btree ("homework_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_subject_check" CHECK (num_nonnulls("notifications"."announcement_id", "notifications"."note_id", "notifications"."online_test_id", "notifications"."homework_id") <= 1);--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "homework" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "homework" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "homework" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "homework_submissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "homework_submissions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "homework_submissions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "homework_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "homework_files" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "homework_files" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());
