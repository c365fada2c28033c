-- Issue 54: messages the quiet hours hold are found when the hours change (decision 051).
CREATE INDEX "parent_messages_held_idx" ON "parent_messages" USING btree ("not_before") WHERE "parent_messages"."status" = 'queued' and "parent_messages"."not_before" is not null;
