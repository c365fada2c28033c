import type { EventHandlers } from '../../events/delivery';
import { notifyStudentsOfHomework, notifyStudentsOfSharedNote } from './notifications.service';

/**
 * What the notifications module does when other modules announce a change (events/catalog.ts,
 * decision 026): homework set on a batch, and a note shared with a batch or a student, are in their
 * students' bell. Safe to repeat: a student is told once per homework and per note.
 */
export function handleNotificationEvents(events: EventHandlers): void {
  events.handle('homework.set', 'notifications.homework-set', async (event, tx) => {
    await notifyStudentsOfHomework(tx, event.payload.homeworkId);
  });
  events.handle('note.shared', 'notifications.note-shared', async (event, tx) => {
    await notifyStudentsOfSharedNote(tx, event.payload.noteId);
  });
}
