ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_language_check" CHECK ("admission_enquiries"."language" in ('en', 'mr', 'hi'));