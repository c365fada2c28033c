import type { EventHandlers } from '../../events/delivery';
import { notifyStudentsOfHomework } from './notifications.service';

/**
 * What the notifications module does when other modules announce a change (events/catalog.ts,
 * decision 026): homework set on a batch is in its students' bell. Safe to repeat: a student is told
 * once per homework.
 */
export function handleNotificationEvents(events: EventHandlers): void {
  events.handle('homework.set', 'notifications.homework-set', async (event, tx) => {
    await notifyStudentsOfHomework(tx, event.payload.homeworkId);
  });
}
