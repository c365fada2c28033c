-- Decision 115: the sender of messages to families runs when its next work is due, not every minute in every
-- academy. Its claim and its next time read only what it may still send (queued, or failed with tries left) and
-- what may need the next channel (sent on WhatsApp or as the app's notification, not delivered): two small
-- partial indexes, instead of every message the academy ever sent read from the newest-first index.
CREATE INDEX "parent_messages_pending_idx" ON "parent_messages" USING btree ("academy_id","created_at") WHERE ("parent_messages"."status" = 'queued' or ("parent_messages"."status" = 'failed' and "parent_messages"."attempts" < 3)) and "parent_messages"."channel" <> 'none';--> statement-breakpoint
CREATE INDEX "parent_messages_awaiting_delivery_idx" ON "parent_messages" USING btree ("academy_id","sent_at") WHERE "parent_messages"."channel" in ('push', 'whatsapp') and "parent_messages"."status" = 'sent';