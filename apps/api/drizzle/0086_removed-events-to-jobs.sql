-- Issue 79 (decision 083): five events that only their own module handled became jobs queued in the
-- change's transaction. A delivery of one of them still pending at the upgrade becomes the job that now
-- does its work (same payload field), in its academy, so no receipt, results message, announcement,
-- demo-class message or online-test notice is lost; then the deliveries no handler will take are removed.
ALTER TABLE "domain_events" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "jobs" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "jobs" ("academy_id", "key", "name", "payload", "run_at")
SELECT e."academy_id", m."job" || ':' || e."id", m."job", jsonb_build_object(m."field", e."payload" -> m."field"), now()
FROM "domain_event_deliveries" d
JOIN "domain_events" e ON e."id" = d."event_id"
JOIN (VALUES
  ('fees.receipt-mail', 'fee-receipt', 'receiptId'),
  ('exams.results-to-parents', 'exam-results-messages', 'examId'),
  ('announcements.parent-messages', 'announcement-parent-messages', 'announcementId'),
  ('admissions.demo-message', 'demo-class-message', 'demoId'),
  ('online-tests.students-and-parents', 'online-test-notices', 'onlineTestId')
) AS m("handler", "job", "field") ON m."handler" = d."handler"
WHERE d."status" = 'pending' AND e."payload" ? m."field"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "domain_event_deliveries" WHERE "handler" IN ('fees.receipt-mail', 'exams.results-to-parents', 'announcements.parent-messages', 'admissions.demo-message', 'online-tests.students-and-parents');--> statement-breakpoint
ALTER TABLE "jobs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "domain_events" FORCE ROW LEVEL SECURITY;
