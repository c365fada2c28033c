CREATE TABLE "import_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"related_id" uuid,
	"before" jsonb,
	CONSTRAINT "import_items_kind_check" CHECK ("import_items"."kind" in ('student', 'student_update', 'parent', 'parent_link', 'enrolment', 'receipt'))
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"row_count" integer NOT NULL,
	"summary" jsonb NOT NULL,
	"created_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "board" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "medium" text;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_items_import_idx" ON "import_items" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "imports_started_at_idx" ON "imports" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "imports_created_by_idx" ON "imports" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "imports_undone_by_idx" ON "imports" USING btree ("undone_by");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_board_check" CHECK ("students"."board" in ('State Board', 'CBSE', 'ICSE', 'Other'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_medium_check" CHECK ("students"."medium" in ('English', 'Semi-English', 'Marathi', 'Hindi', 'Urdu'));