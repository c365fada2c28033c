ALTER TABLE "audit_log" ADD COLUMN "summary_key" varchar(60);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "summary_values" jsonb;