ALTER TABLE "parent_messages" ALTER COLUMN "parent_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_enquiries" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "proof_hash" text;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "proof_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "proof_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_codes_proof_idx" ON "sign_in_codes" USING btree ("proof_hash");--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_recipient_check" CHECK ("parent_messages"."parent_id" is not null or "parent_messages"."kind" = 'sign-in-code');--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_purpose_check" CHECK ("sign_in_codes"."purpose" in ('sign-in', 'admission'));