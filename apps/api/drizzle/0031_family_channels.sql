CREATE TABLE "sign_in_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code_hash" text NOT NULL,
	"ip" varchar(64) NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_required_check";--> statement-breakpoint
ALTER TABLE "parent_messages" DROP CONSTRAINT "parent_messages_status_check";--> statement-breakpoint
ALTER TABLE "parent_messages" DROP CONSTRAINT "parent_messages_channel_check";--> statement-breakpoint
ALTER TABLE "parent_messages" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_messages" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
-- Issue 37: 'pending' is now called what the office reads, 'queued'.
UPDATE "parent_messages" SET "status" = 'queued' WHERE "status" = 'pending';--> statement-breakpoint
-- A phone now identifies one parent. Where two parent records shared one (possible before), the
-- oldest keeps it and the others' is cleared; the audit log keeps the cleared number so the office
-- can see it on the parent's history and merge or re-enter it.
INSERT INTO "audit_log" ("actor_user_id", "actor_role", "action", "entity_type", "entity_id", "summary", "changes")
SELECT NULL, NULL, 'update', 'parent', p.id::text,
  'Phone cleared: another parent has the same number (one number, one parent)',
  jsonb_build_object('phone', jsonb_build_object('old', p.phone, 'new', null))
FROM "parents" p
WHERE p.phone IS NOT NULL AND EXISTS (
  SELECT 1 FROM "parents" o WHERE o.phone = p.phone AND (o.created_at, o.id) < (p.created_at, p.id));--> statement-breakpoint
UPDATE "parents" p SET "phone" = NULL
WHERE p.phone IS NOT NULL AND EXISTS (
  SELECT 1 FROM "parents" o WHERE o.phone = p.phone AND (o.created_at, o.id) < (p.created_at, p.id));--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "messaging" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "messaging_secrets" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "template_values" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "to_address" varchar(254);--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "provider_id" varchar(200);--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "parts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "preferred_channel" text;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "whatsapp_stopped_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_codes_phone_created_idx" ON "sign_in_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_codes_ip_created_idx" ON "sign_in_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_messages_provider_unique" ON "parent_messages" USING btree ("channel","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parents_phone_unique" ON "parents" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_required_check" CHECK ("users"."email" is not null or "users"."role" in ('student', 'parent'));--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_status_check" CHECK ("parent_messages"."status" in ('queued', 'sent', 'delivered', 'read', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_channel_check" CHECK ("parent_messages"."channel" in ('whatsapp', 'sms', 'email', 'webhook'));--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_preferred_channel_check" CHECK ("parents"."preferred_channel" in ('whatsapp', 'sms', 'email'));