-- The operator's screens (issue 55): each academy's figures kept by the platform, and the operators' failed sign-ins (platform tables, PLATFORM_TABLES).
CREATE TABLE "academy_usage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"staff" integer DEFAULT 0 NOT NULL,
	"storage_bytes" bigint DEFAULT 0 NOT NULL,
	"messages_this_month" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "academy_usage" ADD CONSTRAINT "academy_usage_id_academies_id_fk" FOREIGN KEY ("id") REFERENCES "public"."academies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_login_failures_email_idx" ON "operator_login_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "operator_login_failures_ip_idx" ON "operator_login_failures" USING btree ("ip","created_at");