-- Trigram indexes make ILIKE '%…%' searches of names, emails and phones fast. pg_trgm ships with PostgreSQL
-- (and the bundled server); it is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_created_at_idx" ON "students" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "students_phone_trgm_idx" ON "students" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_parent_phone_trgm_idx" ON "students" USING gin ("parent_phone" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_status_check" CHECK ("students"."status" in ('active', 'archived'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_gender_check" CHECK ("students"."gender" in ('male', 'female', 'other'));--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_status_check" CHECK ("teachers"."status" in ('active', 'inactive', 'on_leave'));--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_gender_check" CHECK ("teachers"."gender" in ('male', 'female', 'other'));--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_check" CHECK ("password_reset_tokens"."purpose" in ('reset', 'welcome'));