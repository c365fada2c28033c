import type { EventHandlers } from '../../events/delivery';
import type { Jobs } from '../../events/catalog';
import { PARENT_SENDER_JOB } from './queue-messages';
import { retimeHeldMessages } from './quiet-hours';

/**
 * What the family outbox does when other modules announce a change (events/catalog.ts, decision 026).
 * The quiet hours changed (Settings → Messages, issue 54): the messages they hold are timed again by
 * the hours as they are now (a later change wins; running twice changes nothing more), and the sender
 * is woken in the same transaction: it sends those that may go now and sleeps until the new end.
 */
export function handleFamilyOutboxEvents(events: EventHandlers, jobs: Jobs): void {
  events.handle('messaging.quiet-hours-changed', 'family-outbox.retime-held', async (_event, tx) => {
    const retimed = await retimeHeldMessages(tx);
    if (retimed > 0) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
  });
}
