CREATE TABLE "fee_allocations" (
	"receipt_id" uuid NOT NULL,
	"due_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "fee_allocations_receipt_id_due_id_pk" PRIMARY KEY("receipt_id","due_id")
);
--> statement-breakpoint
CREATE TABLE "fee_concessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"value" bigint NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" varchar(300) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_dues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"plan_id" uuid,
	"batch_id" uuid,
	"seq" integer NOT NULL,
	"label" varchar(200) NOT NULL,
	"due_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"concession_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"status" varchar(12) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_dues_sane" CHECK ("fee_dues"."amount_paise" > 0 and "fee_dues"."concession_paise" >= 0 and "fee_dues"."paid_paise" >= 0 and "fee_dues"."concession_paise" + "fee_dues"."paid_paise" <= "fee_dues"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "fee_plan_instalments" (
	"plan_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "fee_plan_instalments_plan_id_seq_pk" PRIMARY KEY("plan_id","seq"),
	CONSTRAINT "fee_plan_instalments_amount_positive" CHECK ("fee_plan_instalments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"batch_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_plans_amount_positive" CHECK ("fee_plans"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_receipt_counters" (
	"financial_year" varchar(7) PRIMARY KEY NOT NULL,
	"last_seq" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"financial_year" varchar(7) NOT NULL,
	"seq" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"mode" varchar(20) NOT NULL,
	"reference" varchar(100),
	"note" text,
	"balance_after_paise" bigint NOT NULL,
	"idempotency_key" varchar(100),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	CONSTRAINT "fee_receipts_amount_positive" CHECK ("fee_receipts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"due_id" uuid NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_by" uuid
);
--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_receipt_id_fee_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."fee_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_due_id_fee_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."fee_dues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_concessions" ADD CONSTRAINT "fee_concessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_concessions" ADD CONSTRAINT "fee_concessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dues" ADD CONSTRAINT "fee_dues_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dues" ADD CONSTRAINT "fee_dues_plan_id_fee_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fee_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dues" ADD CONSTRAINT "fee_dues_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plan_instalments" ADD CONSTRAINT "fee_plan_instalments_plan_id_fee_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fee_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reminders" ADD CONSTRAINT "fee_reminders_due_id_fee_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."fee_dues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reminders" ADD CONSTRAINT "fee_reminders_queued_by_users_id_fk" FOREIGN KEY ("queued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_allocations_due_idx" ON "fee_allocations" USING btree ("due_id");--> statement-breakpoint
CREATE INDEX "fee_concessions_student_idx" ON "fee_concessions" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "fee_concessions_created_by_idx" ON "fee_concessions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "fee_dues_student_idx" ON "fee_dues" USING btree ("student_id","due_date");--> statement-breakpoint
CREATE INDEX "fee_dues_outstanding_idx" ON "fee_dues" USING btree ("due_date") WHERE "fee_dues"."status" = 'open' and "fee_dues"."amount_paise" - "fee_dues"."concession_paise" - "fee_dues"."paid_paise" > 0;--> statement-breakpoint
CREATE INDEX "fee_dues_batch_idx" ON "fee_dues" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "fee_dues_plan_idx" ON "fee_dues" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "fee_plans_batch_idx" ON "fee_plans" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_number_idx" ON "fee_receipts" USING btree ("financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_idempotency_idx" ON "fee_receipts" USING btree ("student_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "fee_receipts_student_idx" ON "fee_receipts" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_receipts_date_idx" ON "fee_receipts" USING btree ("date");--> statement-breakpoint
CREATE INDEX "fee_receipts_created_by_idx" ON "fee_receipts" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "fee_receipts_cancelled_by_idx" ON "fee_receipts" USING btree ("cancelled_by");--> statement-breakpoint
CREATE INDEX "fee_reminders_due_idx" ON "fee_reminders" USING btree ("due_id","queued_at");--> statement-breakpoint
CREATE INDEX "fee_reminders_queued_by_idx" ON "fee_reminders" USING btree ("queued_by");