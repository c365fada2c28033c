ALTER TABLE "academy_settings" DROP CONSTRAINT "academy_settings_three_phones";--> statement-breakpoint
ALTER TABLE "academies" ADD COLUMN "student_id_prefix" varchar(6) DEFAULT 'LAT' NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "sample_pages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD CONSTRAINT "academy_settings_phones_count" CHECK (cardinality("academy_settings"."phones") between 1 and 3);