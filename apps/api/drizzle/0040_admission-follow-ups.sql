CREATE TABLE "admission_demos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text,
	"marked_by" uuid,
	"marked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_demos_status_check" CHECK ("admission_demos"."status" is null or "admission_demos"."status" in ('present', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "admission_enquiry_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"note" varchar(1000),
	"follow_up_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_enquiry_contacts_kind_check" CHECK ("admission_enquiry_contacts"."kind" in ('call', 'whatsapp', 'visit')),
	CONSTRAINT "admission_enquiry_contacts_outcome_check" CHECK ("admission_enquiry_contacts"."outcome" in ('interested', 'undecided', 'call_back', 'no_answer', 'not_interested', 'wrong_number'))
);
--> statement-breakpoint
ALTER TABLE "admission_enquiries" DROP CONSTRAINT "admission_enquiries_status_check";--> statement-breakpoint
ALTER TABLE "admission_enquiries" DROP CONSTRAINT "admission_enquiries_source_check";--> statement-breakpoint
-- Hand-edited: the old `source` (which form) moves to `form`, and `source` becomes where the family
-- heard of the academy: the public forms count as website, the office's records as walk-ins.
ALTER TABLE "admission_enquiries" ADD COLUMN "form" text;--> statement-breakpoint
UPDATE "admission_enquiries" SET "form" = "source", "source" = CASE WHEN "source" = 'office' THEN 'walk_in' ELSE 'website' END;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ALTER COLUMN "form" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "referred_by_student_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "utm_source" varchar(100);--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "utm_campaign" varchar(100);--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "lost_note" varchar(500);--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" ADD COLUMN "note" varchar(500);--> statement-breakpoint
ALTER TABLE "admission_demos" ADD CONSTRAINT "admission_demos_enquiry_id_admission_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."admission_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_demos" ADD CONSTRAINT "admission_demos_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_demos" ADD CONSTRAINT "admission_demos_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_demos" ADD CONSTRAINT "admission_demos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_contacts" ADD CONSTRAINT "admission_enquiry_contacts_enquiry_id_admission_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."admission_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_contacts" ADD CONSTRAINT "admission_enquiry_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_demos_enquiry_batch_date_unique" ON "admission_demos" USING btree ("enquiry_id","batch_id","date");--> statement-breakpoint
CREATE INDEX "admission_demos_batch_date_idx" ON "admission_demos" USING btree ("batch_id","date");--> statement-breakpoint
CREATE INDEX "admission_demos_enquiry_idx" ON "admission_demos" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "admission_demos_marked_by_idx" ON "admission_demos" USING btree ("marked_by");--> statement-breakpoint
CREATE INDEX "admission_demos_created_by_idx" ON "admission_demos" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "admission_enquiry_contacts_enquiry_idx" ON "admission_enquiry_contacts" USING btree ("enquiry_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiry_contacts_created_by_idx" ON "admission_enquiry_contacts" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_referred_by_student_id_students_id_fk" FOREIGN KEY ("referred_by_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admission_enquiries_form_created_idx" ON "admission_enquiries" USING btree ("form","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_follow_up_idx" ON "admission_enquiries" USING btree ("follow_up_on") WHERE "admission_enquiries"."status" in ('new', 'contacted');--> statement-breakpoint
CREATE INDEX "admission_enquiries_assigned_to_idx" ON "admission_enquiries" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "admission_enquiries_referred_by_idx" ON "admission_enquiries" USING btree ("referred_by_student_id");--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_form_check" CHECK ("admission_enquiries"."form" in ('admission', 'contact', 'office'));--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_lost_reason_check" CHECK ("admission_enquiries"."lost_reason" is null or "admission_enquiries"."lost_reason" in ('joined_elsewhere', 'fees', 'timing', 'distance', 'not_reachable', 'not_interested', 'batch_full', 'course_not_offered', 'duplicate', 'other'));--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_status_check" CHECK ("admission_enquiries"."status" in ('new', 'contacted', 'admitted', 'rejected', 'lost'));--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_source_check" CHECK ("admission_enquiries"."source" in ('walk_in', 'phone', 'website', 'referral', 'newspaper', 'social_media', 'school_visit', 'other'));