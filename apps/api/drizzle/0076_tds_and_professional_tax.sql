CREATE TABLE "payroll_settings" (
	"academy_id" uuid PRIMARY KEY DEFAULT current_academy_id() NOT NULL,
	"tan" varchar(10),
	"debit_account" varchar(18),
	"professional_tax" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teacher_pay" DROP CONSTRAINT "teacher_pay_tds_check";--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD COLUMN "pan" varchar(10);--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD COLUMN "tds_monthly_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD COLUMN "professional_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD COLUMN "pf_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD COLUMN "esi_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_settings" ADD CONSTRAINT "payroll_settings_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 72: the free TDS percent goes. A monthly teacher's percent becomes the office's monthly TDS
-- in rupees (the same amount as before, on the salary); per-lecture and per-hour teachers' TDS now
-- comes from the law (fees for professional services: the year's threshold, 10 % / 20 % without PAN).
UPDATE "teacher_pay" SET "tds_monthly_paise" = round(coalesce("monthly_paise", 0)::numeric * "tds_bp" / 10000)::integer WHERE "scheme" = 'monthly' AND "tds_bp" > 0;--> statement-breakpoint
ALTER TABLE "teacher_pay" DROP COLUMN "tds_bp";--> statement-breakpoint
ALTER TABLE "teacher_pay" ADD CONSTRAINT "teacher_pay_deductions_check" CHECK ("teacher_pay"."tds_monthly_paise" >= 0 and "teacher_pay"."pf_paise" >= 0 and "teacher_pay"."esi_paise" >= 0);--> statement-breakpoint
ALTER TABLE "payroll_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "payroll_settings" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());
