-- Issue 61: an `attendance.marked` event carries `onTheDay`, decided when the attendance was saved (the
-- day marked was the academy's today then), so a delivery retried after midnight still sends the day's
-- absence alerts. Events written before carry it too: decided by their own time in the academy's time zone.
-- Row-level security is lifted for the owner while this runs (it sees every academy's rows), then forced again.
ALTER TABLE "domain_events" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "academy_settings" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "domain_events" e SET "payload" = e."payload" || jsonb_build_object('onTheDay',
  e."payload"->>'date' = to_char(e."created_at" AT TIME ZONE coalesce((SELECT s."time_zone" FROM "academy_settings" s WHERE s."academy_id" = e."academy_id"), 'Asia/Kolkata'), 'YYYY-MM-DD'))
WHERE e."type" = 'attendance.marked' AND e."payload"->'onTheDay' IS NULL;--> statement-breakpoint
ALTER TABLE "academy_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "domain_events" FORCE ROW LEVEL SECURITY;
