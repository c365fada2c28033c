CREATE TABLE "report_card_remarks" (
	"batch_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"remark" varchar(500) NOT NULL,
	"written_by" uuid,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_card_remarks_batch_id_student_id_pk" PRIMARY KEY("batch_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD CONSTRAINT "report_card_remarks_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD CONSTRAINT "report_card_remarks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD CONSTRAINT "report_card_remarks_written_by_users_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_card_remarks_student_idx" ON "report_card_remarks" USING btree ("student_id");