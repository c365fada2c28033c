import type { EventHandlers } from '../../events/delivery';
import type { Jobs } from '../../events/catalog';
import { FEE_RECEIPT_JOB } from './receipt-mail';

/**
 * What the fees module does when a change is announced (events/catalog.ts, decision 026). Each
 * handler may run again for the same event, so each is safe to repeat.
 */
export function handleFeeEvents(events: EventHandlers, jobs: Jobs): void {
  // A new receipt is mailed to the family by its own job (PDF, retries). The run is written in the
  // delivery's transaction: it exists exactly when the delivery is done, so a repeated delivery (a
  // server dying before "done") rolled its run back and the family gets one mail.
  events.handle('payment.recorded', 'fees.receipt-mail', (event, tx) => jobs.enqueue(FEE_RECEIPT_JOB, { receiptId: event.payload.receiptId }, { transaction: tx }).then(() => undefined));
}
