CREATE TABLE "parent_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(40) NOT NULL,
	"key" varchar(200) NOT NULL,
	"student_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"date" date NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"error" varchar(1000),
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_messages_status_check" CHECK ("parent_messages"."status" in ('pending', 'sent', 'failed', 'cancelled')),
	CONSTRAINT "parent_messages_channel_check" CHECK ("parent_messages"."channel" in ('email', 'webhook'))
);
--> statement-breakpoint
CREATE TABLE "parent_students" (
	"parent_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_students_parent_id_student_id_pk" PRIMARY KEY("parent_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "parents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" varchar(20),
	"relation" text DEFAULT 'guardian' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parents_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "parents_relation_check" CHECK ("parents"."relation" in ('mother', 'father', 'guardian', 'other'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "announcements" DROP CONSTRAINT "announcements_audience_check";--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "absence_alerts" jsonb DEFAULT '{"enabled":true,"statuses":["absent"],"delayMinutes":10}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "parent_webhook_url" varchar(500);--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "parent_webhook_secret" varchar(200);--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parent_messages_key_parent_channel_unique" ON "parent_messages" USING btree ("key","parent_id","channel");--> statement-breakpoint
CREATE INDEX "parent_messages_kind_date_idx" ON "parent_messages" USING btree ("kind","date");--> statement-breakpoint
CREATE INDEX "parent_messages_student_idx" ON "parent_messages" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "parent_messages_parent_idx" ON "parent_messages" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "parent_students_student_idx" ON "parent_students" USING btree ("student_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'teacher', 'student', 'parent'));--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_audience_check" CHECK ("announcements"."audience" in ('everyone', 'students', 'teachers', 'parents'));