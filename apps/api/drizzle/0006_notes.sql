CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subject_id" uuid,
	"standard_id" uuid,
	"teacher_id" uuid,
	"batch_id" uuid,
	"student_id" uuid,
	"is_public" boolean DEFAULT false NOT NULL,
	"file_key" varchar(100) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"file_sha256" varchar(64) NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_fileKey_unique" UNIQUE("file_key"),
	CONSTRAINT "notes_one_target_check" CHECK (num_nonnulls("notes"."batch_id", "notes"."student_id") <= 1),
	CONSTRAINT "notes_file_size_check" CHECK ("notes"."file_size" > 0)
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_teacher_created_idx" ON "notes" USING btree ("teacher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notes_batch_idx" ON "notes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "notes_student_idx" ON "notes" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "notes_subject_idx" ON "notes" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "notes_standard_idx" ON "notes" USING btree ("standard_id");--> statement-breakpoint
CREATE INDEX "notes_public_created_idx" ON "notes" USING btree ("created_at" DESC NULLS LAST) WHERE "notes"."is_public";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_note_idx" ON "notifications" USING btree ("note_id");