ALTER TABLE "academy_settings" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "monthly_fee_target_paise" bigint;--> statement-breakpoint
CREATE INDEX "students_admission_date_idx" ON "students" USING btree ("admission_date");--> statement-breakpoint
ALTER TABLE "academy_settings" ADD CONSTRAINT "academy_settings_monthly_fee_target" CHECK ("academy_settings"."monthly_fee_target_paise" is null or "academy_settings"."monthly_fee_target_paise" > 0);