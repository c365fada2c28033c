CREATE TABLE "test_marks" (
	"test_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"half_marks" integer,
	"absent" boolean DEFAULT false NOT NULL,
	"entered_by" uuid,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_marks_test_id_student_id_pk" PRIMARY KEY("test_id","student_id"),
	CONSTRAINT "test_marks_absent_or_marks" CHECK (("test_marks"."absent" and "test_marks"."half_marks" is null) or (not "test_marks"."absent" and "test_marks"."half_marks" >= 0))
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"name" varchar(120) NOT NULL,
	"date" date NOT NULL,
	"max_half_marks" integer NOT NULL,
	"topic" varchar(200),
	"published_at" timestamp with time zone,
	"corrected_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tests_max_positive" CHECK ("tests"."max_half_marks" > 0)
);
--> statement-breakpoint
ALTER TABLE "test_marks" ADD CONSTRAINT "test_marks_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_marks" ADD CONSTRAINT "test_marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_marks" ADD CONSTRAINT "test_marks_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_marks_student_idx" ON "test_marks" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tests_batch_date_idx" ON "tests" USING btree ("batch_id","date");