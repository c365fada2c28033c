-- Issue 21: a student may have no email of their own (they sign in with the student ID). The unique
-- index on lower(email) stays: PostgreSQL treats nulls as distinct, so it still refuses two accounts
-- with one email. Every other role must keep an email (the check below).
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_required_check" CHECK ("users"."email" is not null or "users"."role" = 'student');