CREATE TABLE "batch_substitutions" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"date" date NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_substitutions_batch_date_unique" UNIQUE("academy_id","batch_id","date")
);
--> statement-breakpoint
CREATE TABLE "lecture_corrections" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"date" date NOT NULL,
	"lectures" integer NOT NULL,
	"minutes" integer NOT NULL,
	"reason" varchar(300) NOT NULL,
	"pay_month" char(7) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lecture_corrections_lectures_check" CHECK ("lecture_corrections"."lectures" in (1, -1))
);
--> statement-breakpoint
CREATE TABLE "pay_adjustments" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"pay_month" char(7) NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"note" varchar(200) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_adjustments_amount_check" CHECK ("pay_adjustments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_lines" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"month" char(7) NOT NULL,
	"teacher_id" uuid NOT NULL,
	"line" jsonb NOT NULL,
	"lectures" jsonb NOT NULL,
	CONSTRAINT "payroll_lines_academy_id_month_teacher_id_pk" PRIMARY KEY("academy_id","month","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "payroll_months" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"month" char(7) NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_mode" text,
	"paid_on" date,
	"paid_reference" varchar(100),
	CONSTRAINT "payroll_months_academy_id_month_pk" PRIMARY KEY("academy_id","month")
);
--> statement-breakpoint
CREATE TABLE "teacher_leave" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"reason" varchar(300) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"unpaid" boolean DEFAULT true NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_leave_dates_check" CHECK ("teacher_leave"."to_date" >= "teacher_leave"."from_date")
);
--> statement-breakpoint
CREATE TABLE "teacher_pay" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"scheme" text NOT NULL,
	"monthly_paise" integer,
	"hourly_paise" integer,
	"tds_bp" integer DEFAULT 0 NOT NULL,
	"bank_account_sealed" text,
	"bank_account_ending" varchar(4),
	"bank_ifsc" varchar(11),
	"bank_name" varchar(100),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teacher_pay_academy_id_teacher_id_pk" PRIMARY KEY("academy_id","teacher_id"),
	CONSTRAINT "teacher_pay_tds_check" CHECK ("teacher_pay"."tds_bp" between 0 and 3000)
);
--> statement-breakpoint
CREATE TABLE "teacher_pay_rates" (
	"academy_id" uuid DEFAULT current_academy_id() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	CONSTRAINT "teacher_pay_rates_academy_id_teacher_id_batch_id_pk" PRIMARY KEY("academy_id","teacher_id","batch_id")
);
--> statement-breakpoint
ALTER TABLE "batch_substitutions" ADD CONSTRAINT "batch_substitutions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_substitutions" ADD CONSTRAINT "batch_substitutions_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_substitutions" ADD CONSTRAINT "batch_substitutions_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_substitutions" ADD CONSTRAINT "batch_substitutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_corrections" ADD CONSTRAINT "lecture_corrections_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_corrections" ADD CONSTRAINT "lecture_corrections_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_corrections" ADD CONSTRAINT "lecture_corrections_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lecture_corrections" ADD CONSTRAINT "lecture_corrections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_adjustments" ADD CONSTRAINT "pay_adjustments_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_adjustments" ADD CONSTRAINT "pay_adjustments_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_adjustments" ADD CONSTRAINT "pay_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_lines" ADD CONSTRAINT "payroll_lines_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_months" ADD CONSTRAINT "payroll_months_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_months" ADD CONSTRAINT "payroll_months_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_leave" ADD CONSTRAINT "teacher_leave_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_leave" ADD CONSTRAINT "teacher_leave_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_leave" ADD CONSTRAINT "teacher_leave_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD CONSTRAINT "teacher_pay_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD CONSTRAINT "teacher_pay_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_pay_rates" ADD CONSTRAINT "teacher_pay_rates_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_pay_rates" ADD CONSTRAINT "teacher_pay_rates_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_pay_rates" ADD CONSTRAINT "teacher_pay_rates_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_substitutions_academy_teacher_idx" ON "batch_substitutions" USING btree ("academy_id","teacher_id","date");--> statement-breakpoint
CREATE INDEX "lecture_corrections_academy_month_idx" ON "lecture_corrections" USING btree ("academy_id","pay_month","teacher_id");--> statement-breakpoint
CREATE INDEX "pay_adjustments_academy_month_idx" ON "pay_adjustments" USING btree ("academy_id","pay_month","teacher_id");--> statement-breakpoint
CREATE INDEX "payroll_lines_academy_teacher_idx" ON "payroll_lines" USING btree ("academy_id","teacher_id","month");--> statement-breakpoint
CREATE INDEX "teacher_leave_academy_teacher_idx" ON "teacher_leave" USING btree ("academy_id","teacher_id","from_date");--> statement-breakpoint
CREATE INDEX "teacher_leave_academy_status_idx" ON "teacher_leave" USING btree ("academy_id","status","from_date");--> statement-breakpoint
CREATE INDEX "teacher_pay_rates_batch_idx" ON "teacher_pay_rates" USING btree ("academy_id","batch_id");--> statement-breakpoint
ALTER TABLE "teacher_pay" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "teacher_pay" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "teacher_pay" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "teacher_pay_rates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "teacher_pay_rates" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "teacher_pay_rates" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "teacher_leave" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "teacher_leave" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "teacher_leave" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "batch_substitutions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "batch_substitutions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "batch_substitutions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "lecture_corrections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "lecture_corrections" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "lecture_corrections" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "pay_adjustments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pay_adjustments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "pay_adjustments" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "payroll_months" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_months" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "payroll_months" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "payroll_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_lines" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "payroll_lines" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());