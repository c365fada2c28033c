CREATE TABLE "online_test_answers" (
	"attempt_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"choice" text[] DEFAULT '{}'::text[] NOT NULL,
	"value" double precision,
	"marked_for_review" boolean DEFAULT false NOT NULL,
	"time_spent_seconds" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_test_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "online_test_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"online_test_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"question_order" uuid[] NOT NULL,
	"option_order" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"score_half_marks" integer,
	"correct" integer,
	"wrong" integer,
	"unanswered" integer,
	CONSTRAINT "online_test_attempts_one_each" UNIQUE("online_test_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "online_test_batches" (
	"online_test_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"test_id" uuid,
	CONSTRAINT "online_test_batches_online_test_id_batch_id_pk" PRIMARY KEY("online_test_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "online_test_questions" (
	"online_test_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "online_test_questions_online_test_id_question_id_pk" PRIMARY KEY("online_test_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "online_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(160) NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"correct_half_marks" integer NOT NULL,
	"wrong_half_marks" integer NOT NULL,
	"unanswered_half_marks" integer NOT NULL,
	"shuffle" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"marks_recorded_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_tests_window" CHECK ("online_tests"."closes_at" > "online_tests"."opens_at"),
	CONSTRAINT "online_tests_duration" CHECK ("online_tests"."duration_minutes" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_id" uuid NOT NULL,
	"chapter" varchar(120) NOT NULL,
	"topic" varchar(120),
	"difficulty" text NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct" text[] DEFAULT '{}'::text[] NOT NULL,
	"answer_value" double precision,
	"answer_tolerance" double precision,
	"solution" text,
	"language" text DEFAULT 'en' NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_one_subject_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "online_test_id" uuid;--> statement-breakpoint
ALTER TABLE "online_test_answers" ADD CONSTRAINT "online_test_answers_attempt_id_online_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."online_test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_answers" ADD CONSTRAINT "online_test_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_attempts" ADD CONSTRAINT "online_test_attempts_online_test_id_online_tests_id_fk" FOREIGN KEY ("online_test_id") REFERENCES "public"."online_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_attempts" ADD CONSTRAINT "online_test_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_batches" ADD CONSTRAINT "online_test_batches_online_test_id_online_tests_id_fk" FOREIGN KEY ("online_test_id") REFERENCES "public"."online_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_batches" ADD CONSTRAINT "online_test_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_batches" ADD CONSTRAINT "online_test_batches_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_questions" ADD CONSTRAINT "online_test_questions_online_test_id_online_tests_id_fk" FOREIGN KEY ("online_test_id") REFERENCES "public"."online_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_questions" ADD CONSTRAINT "online_test_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_tests" ADD CONSTRAINT "online_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_test_answers_question_idx" ON "online_test_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "online_test_attempts_student_idx" ON "online_test_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "online_test_attempts_open_idx" ON "online_test_attempts" USING btree ("ends_at") WHERE "online_test_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "online_test_batches_batch_idx" ON "online_test_batches" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "online_test_batches_test_idx" ON "online_test_batches" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "online_test_questions_question_idx" ON "online_test_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "online_tests_to_record_idx" ON "online_tests" USING btree ("closes_at") WHERE "online_tests"."published_at" is not null and "online_tests"."marks_recorded_at" is null;--> statement-breakpoint
CREATE INDEX "online_tests_created_by_idx" ON "online_tests" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "questions_subject_chapter_idx" ON "questions" USING btree ("subject_id","chapter","difficulty") WHERE "questions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "questions_fingerprint_idx" ON "questions" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "questions_text_trgm_idx" ON "questions" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_created_by_idx" ON "questions" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_online_test_id_online_tests_id_fk" FOREIGN KEY ("online_test_id") REFERENCES "public"."online_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_student_online_test_unique" ON "notifications" USING btree ("student_id","online_test_id");--> statement-breakpoint
CREATE INDEX "notifications_online_test_idx" ON "notifications" USING btree ("online_test_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_one_subject_check" CHECK (num_nonnulls("notifications"."announcement_id", "notifications"."note_id", "notifications"."online_test_id") <= 1);