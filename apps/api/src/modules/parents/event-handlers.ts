import type { EventHandlers } from '../../events/delivery';
import type { Jobs } from '../../events/catalog';
import { scheduleAbsenceAlerts } from './absence-alerts';
import { setWhatsAppStoppedByReply } from './parents.service';

/**
 * What the parents module does when other modules announce a change (events/catalog.ts, decision 026).
 * Each handler may run again for the same event, so each is safe to repeat.
 */
export function handleParentEvents(events: EventHandlers, jobs: Jobs): void {
  // Absent (and, if chosen, late) children of a day marked on that day: one job for the submission
  // sends their parents' alerts after the correction delay, counted from the submission. Both were
  // decided by the submission (`onTheDay`, the event's time), so a delivery retried after midnight
  // still schedules them. Run twice, it queues a second job, which sends nothing more: an alert is
  // kept once per child and day (`absence:{student}:{date}`).
  events.handle('attendance.marked', 'parents.absence-alerts', (event, tx) =>
    scheduleAbsenceAlerts(tx, jobs, { date: event.payload.date, marks: event.payload.marks, onTheDay: event.payload.onTheDay, submittedAt: event.createdAt }),
  );
  // A parent replied STOP (or START) on WhatsApp: their record says so from the reply's time. Run twice,
  // the second finds them already so and changes nothing.
  events.handle('whatsapp.stop-or-start-replied', 'parents.whatsapp-stopped', (event, tx) =>
    setWhatsAppStoppedByReply(tx, { phone: event.payload.phone, stopped: event.payload.stopped, at: event.createdAt }),
  );
}
