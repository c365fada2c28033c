CREATE TABLE "provider_webhook_events" (
	"id" varchar(300) PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "provider_webhook_events_received_idx" ON "provider_webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "sign_in_codes_phone_sent_idx" ON "sign_in_codes" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "sign_in_codes_sent_idx" ON "sign_in_codes" USING btree ("sent_at") WHERE "sign_in_codes"."sent_at" is not null;--> statement-breakpoint
-- Codes asked for before this migration were all sent: they count as sends (issue 53).
UPDATE "sign_in_codes" SET "sent_at" = "created_at";--> statement-breakpoint
-- No code in clear in any message written before this migration (issue 53: codes are sealed from now on).
UPDATE "parent_messages" SET "text" = '******', "template_values" = jsonb_build_array('******', coalesce("template_values"->>1, '')) WHERE "kind" = 'sign-in-code';
