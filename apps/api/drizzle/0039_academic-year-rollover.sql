CREATE TABLE "academic_year_rollover_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "academic_year_rollover_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rollover_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"before" jsonb,
	CONSTRAINT "academic_year_rollover_items_kind_check" CHECK ("academic_year_rollover_items"."kind" in ('student', 'batch', 'due_carried', 'due_created'))
);
--> statement-breakpoint
CREATE TABLE "academic_year_rollovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_year" varchar(7) NOT NULL,
	"to_year" varchar(7) NOT NULL,
	"batches_end_on" date NOT NULL,
	"summary" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
ALTER TABLE "students" DROP CONSTRAINT "students_status_check";--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "academic_year_rollover_items" ADD CONSTRAINT "academic_year_rollover_items_rollover_id_academic_year_rollovers_id_fk" FOREIGN KEY ("rollover_id") REFERENCES "public"."academic_year_rollovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" ADD CONSTRAINT "academic_year_rollovers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" ADD CONSTRAINT "academic_year_rollovers_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_year_rollover_items_rollover_idx" ON "academic_year_rollover_items" USING btree ("rollover_id");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_year_rollovers_from_year_unique" ON "academic_year_rollovers" USING btree ("from_year") WHERE "academic_year_rollovers"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "academic_year_rollovers_created_by_idx" ON "academic_year_rollovers" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "academic_year_rollovers_undone_by_idx" ON "academic_year_rollovers" USING btree ("undone_by");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_status_check" CHECK ("students"."status" in ('active', 'archived', 'alumni'));