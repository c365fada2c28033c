-- A demo class's message (issue 41) goes to an enquiry's family, who have no parent account yet.
ALTER TABLE "parent_messages" DROP CONSTRAINT "parent_messages_recipient_check";--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_recipient_check" CHECK ("parent_messages"."parent_id" is not null or "parent_messages"."kind" in ('sign-in-code', 'demo-class'));--> statement-breakpoint
-- Hand-added: a day's roster (a kept answer, lib/read-cache.ts) lists that day's demo students, so a
-- booking, a cancellation or a demo mark announces itself like the other tables of the roster (0028).
CREATE TRIGGER "announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admission_demos" FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
