-- Issue 71: keys of rows named by text (a provider's event id, a hand-off token's hash) carry the academy,
-- so one academy's row never stops another's (nor a copy's next to its original).
ALTER TABLE "sign_in_hand_offs" DROP CONSTRAINT "sign_in_hand_offs_tokenHash_unique";--> statement-breakpoint
ALTER TABLE "sign_in_hand_offs" ADD CONSTRAINT "sign_in_hand_offs_academy_token_unique" UNIQUE("academy_id","token_hash");--> statement-breakpoint
ALTER TABLE "provider_webhook_events" DROP CONSTRAINT "provider_webhook_events_pkey";--> statement-breakpoint
ALTER TABLE "provider_webhook_events" ADD CONSTRAINT "provider_webhook_events_academy_id_id_pk" PRIMARY KEY("academy_id","id");--> statement-breakpoint
-- Issue 71: when an online test's results show (null: at its closing), never before the closing.
ALTER TABLE "online_tests" ADD COLUMN "results_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "online_tests" ADD CONSTRAINT "online_tests_results_after_closing" CHECK ("online_tests"."results_at" is null or "online_tests"."results_at" >= "online_tests"."closes_at");
