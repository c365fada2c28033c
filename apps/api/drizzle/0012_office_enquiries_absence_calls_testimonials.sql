CREATE TABLE "absence_calls" (
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"called_by" uuid,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_calls_student_id_date_pk" PRIMARY KEY("student_id","date")
);
--> statement-breakpoint
ALTER TABLE "admission_enquiries" DROP CONSTRAINT "admission_enquiries_source_check";--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "testimonials" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "absence_calls" ADD CONSTRAINT "absence_calls_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_calls" ADD CONSTRAINT "absence_calls_called_by_users_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absence_calls_called_by_idx" ON "absence_calls" USING btree ("called_by");--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_source_check" CHECK ("admission_enquiries"."source" in ('admission', 'contact', 'office'));