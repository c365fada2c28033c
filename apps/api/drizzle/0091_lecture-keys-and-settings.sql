ALTER TABLE "lectures" ADD COLUMN "segment_key_sealed" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "files_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "lectures" jsonb DEFAULT '{}'::jsonb NOT NULL;