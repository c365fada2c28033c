-- Issue 55 (decision 053): academy_id on every academy table, row-level security forced, unique keys per academy.
-- The migrator runs pending migrations in one transaction: this setting (local to it) makes the column's default,
-- current_academy_id(), give every existing row to the first academy (FIRST_ACADEMY_ID, made by 0057).
SELECT set_config('app.academy_id', '00000000-0000-4000-8000-000000000001', true);--> statement-breakpoint
ALTER TABLE "academy_settings" DROP CONSTRAINT "academy_settings_single_row";--> statement-breakpoint
ALTER TABLE "push_vapid_keys" DROP CONSTRAINT "push_vapid_keys_single_row";--> statement-breakpoint
ALTER TABLE "offsite_backup_settings" DROP CONSTRAINT "offsite_backup_settings_single_row";--> statement-breakpoint
-- The single-row tables become one row per academy: academy_id is their key (below).
ALTER TABLE "academy_settings" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "push_vapid_keys" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "offsite_backup_settings" DROP COLUMN "id";--> statement-breakpoint
DROP INDEX "login_failures_email_created_idx";--> statement-breakpoint
DROP INDEX "login_failures_ip_created_idx";--> statement-breakpoint
DROP INDEX "sessions_expires_at_idx";--> statement-breakpoint
DROP INDEX "users_email_lower_unique";--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "standards_name_lower_unique";--> statement-breakpoint
DROP INDEX "standards_level_unique";--> statement-breakpoint
DROP INDEX "students_student_code_unique";--> statement-breakpoint
DROP INDEX "students_status_idx";--> statement-breakpoint
DROP INDEX "students_active_id_idx";--> statement-breakpoint
DROP INDEX "students_created_at_idx";--> statement-breakpoint
DROP INDEX "students_admission_date_idx";--> statement-breakpoint
DROP INDEX "subjects_name_lower_unique";--> statement-breakpoint
DROP INDEX "subjects_code_upper_unique";--> statement-breakpoint
DROP INDEX "teachers_status_idx";--> statement-breakpoint
DROP INDEX "newsletter_subscriptions_email_lower_unique";--> statement-breakpoint
DROP INDEX "announcements_dates_idx";--> statement-breakpoint
DROP INDEX "notes_public_created_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_number_unique";--> statement-breakpoint
DROP INDEX "admission_enquiries_created_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_status_created_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_source_created_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_form_created_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_follow_up_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_email_lower_idx";--> statement-breakpoint
DROP INDEX "admission_enquiries_phone_idx";--> statement-breakpoint
DROP INDEX "email_verifications_email_created_idx";--> statement-breakpoint
DROP INDEX "email_verifications_ip_created_idx";--> statement-breakpoint
DROP INDEX "attendance_date_status_batch_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_type_at_idx";--> statement-breakpoint
DROP INDEX "backup_jobs_heartbeat_idx";--> statement-breakpoint
DROP INDEX "jobs_due_idx";--> statement-breakpoint
DROP INDEX "rate_limit_hits_expires_idx";--> statement-breakpoint
DROP INDEX "bank_statement_credits_line_key_idx";--> statement-breakpoint
DROP INDEX "bank_statements_uploaded_at_idx";--> statement-breakpoint
DROP INDEX "fee_dues_outstanding_idx";--> statement-breakpoint
DROP INDEX "fee_receipts_number_idx";--> statement-breakpoint
DROP INDEX "fee_receipts_utr_idx";--> statement-breakpoint
DROP INDEX "fee_receipts_date_idx";--> statement-breakpoint
DROP INDEX "payment_claims_utr_idx";--> statement-breakpoint
DROP INDEX "payment_claims_status_idx";--> statement-breakpoint
DROP INDEX "parent_messages_key_parent_channel_unique";--> statement-breakpoint
DROP INDEX "parent_messages_provider_unique";--> statement-breakpoint
DROP INDEX "parent_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "parents_phone_unique";--> statement-breakpoint
DROP INDEX "provider_webhook_events_received_idx";--> statement-breakpoint
DROP INDEX "sign_in_codes_sent_idx";--> statement-breakpoint
DROP INDEX "sign_in_codes_ip_created_idx";--> statement-breakpoint
DROP INDEX "domain_event_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "domain_events_created_idx";--> statement-breakpoint
DROP INDEX "imports_started_at_idx";--> statement-breakpoint
DROP INDEX "academic_year_rollovers_from_year_unique";--> statement-breakpoint
DROP INDEX "questions_fingerprint_idx";--> statement-breakpoint
ALTER TABLE "student_id_counters" DROP CONSTRAINT "student_id_counters_pkey";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_pkey";--> statement-breakpoint
ALTER TABLE "rate_limit_hits" DROP CONSTRAINT "rate_limit_hits_pkey";--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" DROP CONSTRAINT "fee_receipt_counters_pkey";--> statement-breakpoint
ALTER TABLE "offsite_backups" DROP CONSTRAINT "offsite_backups_pkey";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_students" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "standard_subjects" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "standards" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "student_id_counters" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD COLUMN "academy_id" uuid PRIMARY KEY DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_batches" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_demos" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiry_contacts" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiry_subjects" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "absence_calls" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "backup_jobs" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "test_marks" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "tests" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_concessions" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_dues" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_plan_instalments" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_reminders" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "parent_students" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "parents" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "provider_webhook_events" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "push_vapid_keys" ADD COLUMN "academy_id" uuid PRIMARY KEY DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "import_items" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_year_rollover_items" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "online_test_answers" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "online_test_attempts" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "online_test_batches" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "online_test_questions" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "online_tests" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "offsite_backup_settings" ADD COLUMN "academy_id" uuid PRIMARY KEY DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "offsite_backups" ADD COLUMN "academy_id" uuid DEFAULT current_academy_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "student_id_counters" ADD CONSTRAINT "student_id_counters_academy_id_year_pk" PRIMARY KEY("academy_id","year");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_academy_id_key_pk" PRIMARY KEY("academy_id","key");--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ADD CONSTRAINT "rate_limit_hits_academy_id_key_pk" PRIMARY KEY("academy_id","key");--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" ADD CONSTRAINT "fee_receipt_counters_academy_id_financial_year_pk" PRIMARY KEY("academy_id","financial_year");--> statement-breakpoint
ALTER TABLE "offsite_backups" ADD CONSTRAINT "offsite_backups_academy_id_backup_name_pk" PRIMARY KEY("academy_id","backup_name");--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_students" ADD CONSTRAINT "batch_students_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standard_subjects" ADD CONSTRAINT "standard_subjects_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards" ADD CONSTRAINT "standards_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_id_counters" ADD CONSTRAINT "student_id_counters_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_subjects" ADD CONSTRAINT "teacher_subjects_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academy_settings" ADD CONSTRAINT "academy_settings_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_batches" ADD CONSTRAINT "announcement_batches_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_demos" ADD CONSTRAINT "admission_demos_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD CONSTRAINT "admission_enquiries_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_contacts" ADD CONSTRAINT "admission_enquiry_contacts_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" ADD CONSTRAINT "admission_enquiry_status_changes_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enquiry_subjects" ADD CONSTRAINT "admission_enquiry_subjects_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absence_calls" ADD CONSTRAINT "absence_calls_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_jobs" ADD CONSTRAINT "backup_jobs_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ADD CONSTRAINT "rate_limit_hits_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_remarks" ADD CONSTRAINT "report_card_remarks_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_marks" ADD CONSTRAINT "test_marks_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ADD CONSTRAINT "bank_statement_credits_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_concessions" ADD CONSTRAINT "fee_concessions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_dues" ADD CONSTRAINT "fee_dues_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plan_instalments" ADD CONSTRAINT "fee_plan_instalments_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" ADD CONSTRAINT "fee_receipt_counters_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_receipts" ADD CONSTRAINT "fee_receipts_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_reminders" ADD CONSTRAINT "fee_reminders_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_students" ADD CONSTRAINT "parent_students_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parents" ADD CONSTRAINT "parents_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_webhook_events" ADD CONSTRAINT "provider_webhook_events_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" ADD CONSTRAINT "domain_event_deliveries_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_vapid_keys" ADD CONSTRAINT "push_vapid_keys_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_year_rollover_items" ADD CONSTRAINT "academic_year_rollover_items_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" ADD CONSTRAINT "academic_year_rollovers_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_answers" ADD CONSTRAINT "online_test_answers_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_attempts" ADD CONSTRAINT "online_test_attempts_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_batches" ADD CONSTRAINT "online_test_batches_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_test_questions" ADD CONSTRAINT "online_test_questions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_tests" ADD CONSTRAINT "online_tests_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offsite_backup_settings" ADD CONSTRAINT "offsite_backup_settings_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offsite_backups" ADD CONSTRAINT "offsite_backups_academy_id_academies_id_fk" FOREIGN KEY ("academy_id") REFERENCES "public"."academies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_students_academy_idx" ON "batch_students" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "batches_academy_idx" ON "batches" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "standard_subjects_academy_idx" ON "standard_subjects" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "teacher_subjects_academy_idx" ON "teacher_subjects" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_academy_expires_idx" ON "password_reset_tokens" USING btree ("academy_id","expires_at");--> statement-breakpoint
CREATE INDEX "announcement_batches_academy_idx" ON "announcement_batches" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "notes_academy_created_idx" ON "notes" USING btree ("academy_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_academy_created_idx" ON "notifications" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE INDEX "calendar_feeds_academy_idx" ON "calendar_feeds" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "admission_demos_academy_date_idx" ON "admission_demos" USING btree ("academy_id","date");--> statement-breakpoint
CREATE INDEX "admission_enquiry_contacts_academy_idx" ON "admission_enquiry_contacts" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiry_status_changes_academy_idx" ON "admission_enquiry_status_changes" USING btree ("academy_id","changed_at");--> statement-breakpoint
CREATE INDEX "admission_enquiry_subjects_academy_idx" ON "admission_enquiry_subjects" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "absence_calls_academy_date_idx" ON "absence_calls" USING btree ("academy_id","date");--> statement-breakpoint
CREATE INDEX "report_card_remarks_academy_idx" ON "report_card_remarks" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "test_marks_academy_idx" ON "test_marks" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "tests_academy_date_idx" ON "tests" USING btree ("academy_id","date");--> statement-breakpoint
CREATE INDEX "fee_allocations_academy_idx" ON "fee_allocations" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "fee_concessions_academy_created_idx" ON "fee_concessions" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE INDEX "fee_dues_academy_idx" ON "fee_dues" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "fee_plan_instalments_academy_idx" ON "fee_plan_instalments" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "fee_plans_academy_idx" ON "fee_plans" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "fee_reminders_academy_queued_idx" ON "fee_reminders" USING btree ("academy_id","queued_at");--> statement-breakpoint
CREATE INDEX "parent_students_academy_idx" ON "parent_students" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_academy_idx" ON "push_subscriptions" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "import_items_academy_idx" ON "import_items" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "academic_year_rollover_items_academy_idx" ON "academic_year_rollover_items" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "online_test_answers_academy_idx" ON "online_test_answers" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "online_test_attempts_academy_idx" ON "online_test_attempts" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "online_test_batches_academy_idx" ON "online_test_batches" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "online_test_questions_academy_idx" ON "online_test_questions" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "online_tests_academy_opens_idx" ON "online_tests" USING btree ("academy_id","opens_at");--> statement-breakpoint
CREATE INDEX "login_failures_email_created_idx" ON "login_failures" USING btree ("academy_id","email","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_created_idx" ON "login_failures" USING btree ("academy_id","ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("academy_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree ("academy_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("academy_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "standards_name_lower_unique" ON "standards" USING btree ("academy_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "standards_level_unique" ON "standards" USING btree ("academy_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "students_student_code_unique" ON "students" USING btree ("academy_id","student_code");--> statement-breakpoint
CREATE INDEX "students_status_idx" ON "students" USING btree ("academy_id","status");--> statement-breakpoint
CREATE INDEX "students_active_id_idx" ON "students" USING btree ("id","academy_id") WHERE "students"."status" = 'active';--> statement-breakpoint
CREATE INDEX "students_created_at_idx" ON "students" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE INDEX "students_admission_date_idx" ON "students" USING btree ("academy_id","admission_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_name_lower_unique" ON "subjects" USING btree ("academy_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_code_upper_unique" ON "subjects" USING btree ("academy_id",upper("code"));--> statement-breakpoint
CREATE INDEX "teachers_status_idx" ON "teachers" USING btree ("academy_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_lower_unique" ON "newsletter_subscriptions" USING btree ("academy_id",lower("email"));--> statement-breakpoint
CREATE INDEX "announcements_dates_idx" ON "announcements" USING btree ("academy_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "notes_public_created_idx" ON "notes" USING btree ("academy_id","created_at" DESC NULLS LAST) WHERE "notes"."is_public";--> statement-breakpoint
CREATE UNIQUE INDEX "admission_enquiries_number_unique" ON "admission_enquiries" USING btree ("academy_id","number");--> statement-breakpoint
CREATE INDEX "admission_enquiries_created_idx" ON "admission_enquiries" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_status_created_idx" ON "admission_enquiries" USING btree ("academy_id","status","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_source_created_idx" ON "admission_enquiries" USING btree ("academy_id","source","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_form_created_idx" ON "admission_enquiries" USING btree ("academy_id","form","created_at");--> statement-breakpoint
CREATE INDEX "admission_enquiries_follow_up_idx" ON "admission_enquiries" USING btree ("academy_id","follow_up_on") WHERE "admission_enquiries"."status" in ('new', 'contacted');--> statement-breakpoint
CREATE INDEX "admission_enquiries_email_lower_idx" ON "admission_enquiries" USING btree ("academy_id",lower("email"));--> statement-breakpoint
CREATE INDEX "admission_enquiries_phone_idx" ON "admission_enquiries" USING btree ("academy_id","phone");--> statement-breakpoint
CREATE INDEX "email_verifications_email_created_idx" ON "email_verifications" USING btree ("academy_id","email","created_at");--> statement-breakpoint
CREATE INDEX "email_verifications_ip_created_idx" ON "email_verifications" USING btree ("academy_id","ip","created_at");--> statement-breakpoint
CREATE INDEX "attendance_date_status_batch_idx" ON "attendance_records" USING btree ("academy_id","date","status","batch_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("academy_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_type_at_idx" ON "audit_log" USING btree ("academy_id","entity_type","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "backup_jobs_heartbeat_idx" ON "backup_jobs" USING btree ("academy_id","heartbeat_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("academy_id","run_at") WHERE "jobs"."run_at" is not null;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("academy_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_credits_line_key_idx" ON "bank_statement_credits" USING btree ("academy_id","line_key");--> statement-breakpoint
CREATE INDEX "bank_statements_uploaded_at_idx" ON "bank_statements" USING btree ("academy_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "fee_dues_outstanding_idx" ON "fee_dues" USING btree ("academy_id","due_date") WHERE "fee_dues"."status" = 'open' and "fee_dues"."amount_paise" - "fee_dues"."concession_paise" - "fee_dues"."paid_paise" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_number_idx" ON "fee_receipts" USING btree ("academy_id","financial_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_receipts_utr_idx" ON "fee_receipts" USING btree ("academy_id","utr") WHERE "fee_receipts"."utr" is not null and "fee_receipts"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "fee_receipts_date_idx" ON "fee_receipts" USING btree ("academy_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_utr_idx" ON "payment_claims" USING btree ("academy_id","utr") WHERE "payment_claims"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "payment_claims_status_idx" ON "payment_claims" USING btree ("academy_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_messages_key_parent_channel_unique" ON "parent_messages" USING btree ("academy_id","key","parent_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_messages_provider_unique" ON "parent_messages" USING btree ("academy_id","channel","provider_id");--> statement-breakpoint
CREATE INDEX "parent_messages_created_at_idx" ON "parent_messages" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parents_phone_unique" ON "parents" USING btree ("academy_id","phone");--> statement-breakpoint
CREATE INDEX "provider_webhook_events_received_idx" ON "provider_webhook_events" USING btree ("academy_id","received_at");--> statement-breakpoint
CREATE INDEX "sign_in_codes_sent_idx" ON "sign_in_codes" USING btree ("academy_id","sent_at") WHERE "sign_in_codes"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "sign_in_codes_ip_created_idx" ON "sign_in_codes" USING btree ("academy_id","ip","created_at");--> statement-breakpoint
CREATE INDEX "domain_event_deliveries_due_idx" ON "domain_event_deliveries" USING btree ("academy_id","next_attempt_at") WHERE "domain_event_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("academy_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_started_at_idx" ON "imports" USING btree ("academy_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "academic_year_rollovers_from_year_unique" ON "academic_year_rollovers" USING btree ("academy_id","from_year") WHERE "academic_year_rollovers"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "questions_fingerprint_idx" ON "questions" USING btree ("academy_id","fingerprint");--> statement-breakpoint
CREATE INDEX "domain_event_deliveries_academy_idx" ON "domain_event_deliveries" USING btree ("academy_id");--> statement-breakpoint
CREATE INDEX "academic_year_rollovers_academy_created_idx" ON "academic_year_rollovers" USING btree ("academy_id","created_at");--> statement-breakpoint
-- Row-level security (decision 053): every academy table shows and accepts only the rows of the academy in
-- the connection's app.academy_id setting (none set: no rows). FORCE: the app's role owns the tables, and
-- an owner is otherwise exempt. Foreign-key checks and cascades are not filtered by policies; the triggers
-- of earlier migrations read only the row they fire for or rows of the same academy (test_marks → tests).
ALTER TABLE "absence_calls" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "absence_calls" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "absence_calls" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "academic_year_rollover_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "academic_year_rollover_items" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "academic_year_rollover_items" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "academic_year_rollovers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "academic_year_rollovers" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "academy_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "academy_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "academy_settings" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "admission_demos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admission_demos" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "admission_demos" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "admission_enquiries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admission_enquiries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "admission_enquiries" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "admission_enquiry_contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admission_enquiry_contacts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "admission_enquiry_contacts" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admission_enquiry_status_changes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "admission_enquiry_status_changes" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "admission_enquiry_subjects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admission_enquiry_subjects" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "admission_enquiry_subjects" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "announcement_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "announcement_batches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "announcement_batches" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "announcements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "announcements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "announcements" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "attendance_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "attendance_records" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "attendance_records" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "audit_log" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "backup_jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "backup_jobs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "backup_jobs" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "bank_statement_credits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_statement_credits" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "bank_statement_credits" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "bank_statements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bank_statements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "bank_statements" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "batch_students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "batch_students" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "batch_students" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "batches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "batches" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "calendar_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "calendar_feeds" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "calendar_feeds" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "domain_event_deliveries" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "domain_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "domain_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "domain_events" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "email_verifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "email_verifications" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "email_verifications" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_allocations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_allocations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_allocations" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_concessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_concessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_concessions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_dues" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_dues" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_dues" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_plan_instalments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_plan_instalments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_plan_instalments" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_plans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_plans" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_plans" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_receipt_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_receipt_counters" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_receipts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_receipts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_receipts" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "fee_reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "fee_reminders" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "fee_reminders" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "import_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_items" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "import_items" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "imports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "imports" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "jobs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "jobs" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "login_failures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "login_failures" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "login_failures" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "newsletter_subscriptions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "notes" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notifications" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "notifications" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "offsite_backup_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offsite_backup_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "offsite_backup_settings" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "offsite_backups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offsite_backups" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "offsite_backups" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "online_test_answers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "online_test_answers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "online_test_answers" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "online_test_attempts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "online_test_attempts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "online_test_attempts" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "online_test_batches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "online_test_batches" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "online_test_batches" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "online_test_questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "online_test_questions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "online_test_questions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "online_tests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "online_tests" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "online_tests" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "parent_messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parent_messages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "parent_messages" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "parent_students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parent_students" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "parent_students" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "parents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "parents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "parents" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "password_reset_tokens" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "payment_claims" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payment_claims" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "payment_claims" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "provider_webhook_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "provider_webhook_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "provider_webhook_events" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "push_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "push_subscriptions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "push_subscriptions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "push_vapid_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "push_vapid_keys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "push_vapid_keys" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "questions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "questions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "questions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "rate_limit_hits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "rate_limit_hits" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "rate_limit_hits" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "report_card_remarks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_card_remarks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "report_card_remarks" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "sessions" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "sign_in_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sign_in_codes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "sign_in_codes" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "standard_subjects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "standard_subjects" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "standard_subjects" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "standards" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "standards" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "standards" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "student_id_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "student_id_counters" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "student_id_counters" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "students" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "students" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "students" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "subjects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subjects" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "subjects" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "teacher_subjects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "teacher_subjects" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "teacher_subjects" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "teachers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "teachers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "teachers" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "test_marks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "test_marks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "test_marks" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "tests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tests" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "tests" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "academy_only" ON "users" USING ("academy_id" = current_academy_id()) WITH CHECK ("academy_id" = current_academy_id());
