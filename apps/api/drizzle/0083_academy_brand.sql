ALTER TABLE "academy_settings" ADD COLUMN "brand" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "app" jsonb DEFAULT '{}'::jsonb NOT NULL;