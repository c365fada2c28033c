CREATE TABLE "absence_reasons" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"text" varchar(500) NOT NULL,
	"parent_id" uuid,
	"by_name" varchar(200) NOT NULL,
	"by_relation" varchar(20) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"excused_at" timestamp with time zone,
	"excused_by" uuid
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" varchar(20) NOT NULL,
	"text" text NOT NULL,
	"interactive" text,
	"provider_id" varchar(200),
	"context_id" varchar(200),
	"status" text NOT NULL,
	"error" varchar(500),
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_direction_check" CHECK ("conversation_messages"."direction" in ('in', 'out')),
	CONSTRAINT "conversation_messages_status_check" CHECK ("conversation_messages"."status" in ('received', 'queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid NOT NULL,
	"assigned_to" uuid,
	"unread" integer DEFAULT 0 NOT NULL,
	"waiting" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"text" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_contact_replies" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"phone" varchar(20) NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "absence_reasons" ADD CONSTRAINT "absence_reasons_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reasons" ADD CONSTRAINT "absence_reasons_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reasons" ADD CONSTRAINT "absence_reasons_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_reasons" ADD CONSTRAINT "absence_reasons_excused_by_users_id_fk" FOREIGN KEY ("excused_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_parent_id_parents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."parents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contact_replies" ADD CONSTRAINT "whatsapp_contact_replies_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "absence_reasons_student_date_unique" ON "absence_reasons" USING btree ("academy_id","student_id","date");--> statement-breakpoint
CREATE INDEX "absence_reasons_date_idx" ON "absence_reasons" USING btree ("academy_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_provider_unique" ON "conversation_messages" USING btree ("academy_id","provider_id");--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("academy_id","conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_parent_unique" ON "conversations" USING btree ("academy_id","parent_id");--> statement-breakpoint
CREATE INDEX "conversations_last_message_idx" ON "conversations" USING btree ("academy_id","last_message_at");--> statement-breakpoint
CREATE INDEX "quick_replies_academy_idx" ON "quick_replies" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contact_replies_unique" ON "whatsapp_contact_replies" USING btree ("academy_id","phone","day");--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "conversations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "conversations" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "conversation_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "conversation_messages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "conversation_messages" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "absence_reasons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "absence_reasons" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "absence_reasons" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "quick_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "quick_replies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "quick_replies" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "whatsapp_contact_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "whatsapp_contact_replies" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "whatsapp_contact_replies" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());
--> statement-breakpoint
-- Hand-added: a day's roster and a student's attendance (kept answers, lib/read-cache.ts) show the
-- absence's reason, so a reason given or excused announces itself like the other tables they read (0028).
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "absence_reasons" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
