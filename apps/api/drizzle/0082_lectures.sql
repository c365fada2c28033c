CREATE TABLE "lecture_files" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lecture_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" varchar(100) NOT NULL,
	"file_key" varchar(100) NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "lecture_files_fileKey_unique" UNIQUE("file_key"),
	CONSTRAINT "lecture_files_kind_check" CHECK ("lecture_files"."kind" in ('voice-board', '240p', '360p'))
);
--> statement-breakpoint
CREATE TABLE "lectures" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"date" date NOT NULL,
	"title" varchar(200) NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure_reason" text,
	"source_key" varchar(100),
	"source_type" varchar(20),
	"source_bytes" bigint,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lectures_status_check" CHECK ("lectures"."status" in ('uploading', 'processing', 'ready', 'failed')),
	CONSTRAINT "lectures_source_bytes_check" CHECK ("lectures"."source_bytes" is null or "lectures"."source_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "lecture_files" ADD CONSTRAINT "lecture_files_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_files" ADD CONSTRAINT "lecture_files_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lecture_files_name_idx" ON "lecture_files" USING btree ("lecture_id","kind","name");--> statement-breakpoint
CREATE INDEX "lecture_files_academy_idx" ON "lecture_files" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "lectures_batch_date_idx" ON "lectures" USING btree ("batch_id","date" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lectures_academy_status_idx" ON "lectures" USING btree ("academy_id","status");;--> statement-breakpoint
-- Academy tables (decision 053): their rows are seen and written only inside their academy.
ALTER TABLE "lectures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lectures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "lectures" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));--> statement-breakpoint
ALTER TABLE "lecture_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lecture_files" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "lecture_files" USING ("academy_id" = (SELECT current_academy_id())) WITH CHECK ("academy_id" = (SELECT current_academy_id()));
