import type { EventHandlers } from '../../events/delivery';
import type { JobRunner } from '../../db/job-runner';
import { scheduleAbsenceAlerts } from './absence-alerts';

/**
 * What the parents module does when other modules announce a change (events/catalog.ts, decision 026).
 * Each handler may run again for the same event, so each is safe to repeat.
 */
export function handleParentEvents(events: EventHandlers, jobs: JobRunner): void {
  // Today's absent (and, if chosen, late) children: one job for the submission sends their parents'
  // alerts after the correction delay. Run twice, it queues a second job, which sends nothing more:
  // an alert is kept once per child and day (`absence:{student}:{date}`).
  events.handle('attendance.marked', 'parents.absence-alerts', (event, tx) => scheduleAbsenceAlerts(tx, jobs, { date: event.payload.date, marks: event.payload.marks }));
}
