CREATE TABLE "announcement_batches" (
	"announcement_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	CONSTRAINT "announcement_batches_announcement_id_batch_id_pk" PRIMARY KEY("announcement_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"type" text DEFAULT 'general' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_dates_check" CHECK ("announcements"."end_date" >= "announcements"."start_date"),
	CONSTRAINT "announcements_type_check" CHECK ("announcements"."type" in ('general', 'event', 'holiday', 'exam', 'emergency')),
	CONSTRAINT "announcements_priority_check" CHECK ("announcements"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "announcements_audience_check" CHECK ("announcements"."audience" in ('everyone', 'students', 'teachers'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"announcement_id" uuid,
	"note_id" uuid,
	CONSTRAINT "notifications_one_subject_check" CHECK (num_nonnulls("notifications"."announcement_id", "notifications"."note_id") <= 1)
);
--> statement-breakpoint
ALTER TABLE "announcement_batches" ADD CONSTRAINT "announcement_batches_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_batches" ADD CONSTRAINT "announcement_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_batches_batch_idx" ON "announcement_batches" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "announcements_dates_idx" ON "announcements" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "announcements_end_date_idx" ON "announcements" USING btree ("end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_student_announcement_unique" ON "notifications" USING btree ("student_id","announcement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_student_note_unique" ON "notifications" USING btree ("student_id","note_id");--> statement-breakpoint
CREATE INDEX "notifications_student_created_idx" ON "notifications" USING btree ("student_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_student_unread_idx" ON "notifications" USING btree ("student_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE INDEX "notifications_announcement_idx" ON "notifications" USING btree ("announcement_id");