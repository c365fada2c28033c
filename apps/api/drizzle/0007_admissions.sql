CREATE TABLE "admission_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_name" varchar(120) NOT NULL,
	"email" varchar(254),
	"email_verified_at" timestamp with time zone,
	"phone" varchar(20),
	"parent_name" varchar(120),
	"parent_phone" varchar(20),
	"gender" text,
	"date_of_birth" date,
	"standard_id" uuid,
	"school" varchar(200),
	"board" varchar(40),
	"medium" varchar(40),
	"address" text,
	"message" text,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"student_id" uuid,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_enquiries_status_check" CHECK ("admission_enquiries"."status" in ('new', 'contacted', 'admitted', 'rejected')),
	CONSTRAINT "admission_enquiries_source_check" CHECK ("admission_enquiries"."source" in ('admission', 'contact')),
	CONSTRAINT "admission_enquiries_gender_check" CHECK ("admission_enquiries"."gender" is null or "admission_enquiries"."gender" in ('male', 'female', 'other'))
);
--> statement-breakpoint
CREATE TABLE "admission_enquiry_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_enquiry_subjects" (
	"enquiry_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	CONSTRAINT "admission_enquiry_subjects_enquiry_id_subject_id_pk" PRIMARY KEY("enquiry_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"code_hash" text NOT NULL,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"proof_hash" text,
	"proof_expires_at" timestamp with time zone,
	"proof_used_at" timestamp with time zone,
	CONSTRAINT "email_verifications_proofHash_unique" UNIQUE("proof_hash")
);
--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_standard_id_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."standards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" ADD CONSTRAINT "admission_enquiry_status_changes_enquiry_id_admission_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."admission_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" ADD CONSTRAINT "admission_enquiry_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_subjects" ADD CONSTRAINT "admission_enquiry_subjects_enquiry_id_admission_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."admission_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_subjects" ADD CONSTRAINT "admission_enquiry_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_enquiries_student_unique" ON "admission_enquiries" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "admission_enquiries_created_idx" ON "admission_enquiries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_status_created_idx" ON "admission_enquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_source_created_idx" ON "admission_enquiries" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_email_lower_idx" ON "admission_enquiries" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "admission_enquiries_phone_idx" ON "admission_enquiries" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "admission_enquiries_name_trgm_idx" ON "admission_enquiries" USING gin ("student_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admission_enquiries_email_trgm_idx" ON "admission_enquiries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admission_enquiries_phone_trgm_idx" ON "admission_enquiries" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admission_enquiries_parent_phone_trgm_idx" ON "admission_enquiries" USING gin ("parent_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admission_enquiry_status_changes_enquiry_idx" ON "admission_enquiry_status_changes" USING btree ("enquiry_id","changed_at");--> statement-breakpoint
CREATE INDEX "admission_enquiry_status_changes_user_idx" ON "admission_enquiry_status_changes" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "admission_enquiry_subjects_subject_idx" ON "admission_enquiry_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "email_verifications_email_created_idx" ON "email_verifications" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "email_verifications_ip_created_idx" ON "email_verifications" USING btree ("ip","created_at");