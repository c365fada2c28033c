-- An enquiry made a student without an email (issue 54, decision 050): its family, who may have no parent
-- account yet, is told the student ID and how to sign in (kind `admitted`), as a demo class's message is (0041)
-- and an application's reference (0056). Listed after 0056 in the journal, so it runs after it.
ALTER TABLE "parent_messages" DROP CONSTRAINT "parent_messages_recipient_check";--> statement-breakpoint
ALTER TABLE "parent_messages" ADD CONSTRAINT "parent_messages_recipient_check" CHECK ("parent_messages"."parent_id" is not null or "parent_messages"."kind" in ('sign-in-code', 'demo-class', 'enquiry-received', 'admitted'));
