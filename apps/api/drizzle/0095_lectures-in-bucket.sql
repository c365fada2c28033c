-- Issue 75, decision 096: a lecture's renditions may live in the academy's bucket (the off-site backups' one).
-- lectures.bucket_state/bucket_folder/bucket_error say where they stand; lecture_files.in_bucket where each file is read from.
ALTER TABLE "lecture_files" ADD COLUMN "in_bucket" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "bucket_state" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "bucket_folder" varchar(400);--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "bucket_error" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_bucket_state_check" CHECK ("lectures"."bucket_state" is null or "lectures"."bucket_state" in ('pending', 'copied', 'failed', 'removing'));