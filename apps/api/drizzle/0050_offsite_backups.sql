CREATE TABLE "offsite_backup_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"endpoint" varchar(500) NOT NULL,
	"region" varchar(64) NOT NULL,
	"bucket" varchar(63) NOT NULL,
	"prefix" varchar(200) DEFAULT '' NOT NULL,
	"force_path_style" boolean DEFAULT false NOT NULL,
	"access_key_id_sealed" text NOT NULL,
	"secret_access_key_sealed" text NOT NULL,
	"archive_key_sealed" text NOT NULL,
	"archive_key_id" varchar(16) NOT NULL,
	"recovery_sheet_downloaded_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offsite_backup_settings_single_row" CHECK ("offsite_backup_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "offsite_backups" (
	"backup_name" varchar(100) PRIMARY KEY NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"object_key" varchar(400) NOT NULL,
	"sha256" varchar(64),
	"size_bytes" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offsite_backups_status" CHECK ("offsite_backups"."status" in ('pending', 'uploaded', 'failed', 'deleting'))
);
