/**
 * Every domain event, its payload, and who reacts to it: the one place to read "what happens when"
 * (decision 026). A module announces a change with `emitEvent(tx, …)` in the transaction of the change;
 * each handler listed here for that type is then run once for it by the "Domain events" job, in the
 * module that owns the effect (which registers it by this name, see `EventHandlers.handle`).
 *
 * To add an event: its type and payload below, its subscribers (maybe none yet), and `emitEvent` where
 * the change is written. To add a handler: its name under the event here, and `handle` in its module.
 * Payloads are JSON: ids and plain values, never whole records (a handler reads what it needs now).
 */
export type DomainEventPayloads = {
  /** A teacher (or the office) saved a batch's attendance for a day; `marks` as submitted. */
  'attendance.marked': { batchId: string; date: string; marks: { studentId: string; status: string }[] };
  /** The office recorded a payment: a new receipt (a repeated request with the same Idempotency-Key announces nothing). */
  'payment.recorded': { receiptId: string; studentId: string };
  /** The office cancelled a receipt (its allocations are undone, its number stays used). */
  'receipt.cancelled': { receiptId: string; studentId: string };
  /** An exam's results were published (students and parents may see them now). Called `test.published` before issue 61 (migration 0071 renamed the stored events). */
  'exam.published': { examId: string; batchId: string };
  /** The office posted an announcement (its audience decides who hears of it). */
  'announcement.created': { announcementId: string };
  /** The office booked an enquiry into a batch's class on a date (issue 41): the family is told the time and address. */
  'demo.booked': { demoId: string };
  /** An online test was published to its batches (issue 40): their students and parents hear of it. */
  'online-test.published': { onlineTestId: string };
  /** The office changed or turned off the quiet hours (issue 54): messages they hold wait for the new end, or go now. */
  'messaging.quiet-hours-changed': Record<string, never>;
};

export type DomainEventType = keyof DomainEventPayloads;

export type DomainEvent<T extends DomainEventType = DomainEventType> = { id: string; type: T; payload: DomainEventPayloads[T]; createdAt: Date };

/** The handlers of each event type, by name (`<module>.<what it does>`); a delivery row is written for each. */
export const SUBSCRIBERS: { readonly [T in DomainEventType]: readonly string[] } = {
  'attendance.marked': ['parents.absence-alerts'],
  'payment.recorded': ['fees.receipt-mail'],
  'receipt.cancelled': [],
  'exam.published': ['exams.results-to-parents'],
  'announcement.created': ['announcements.parent-messages'],
  'demo.booked': ['admissions.demo-message'],
  'online-test.published': ['online-tests.students-and-parents'],
  'messaging.quiet-hours-changed': ['family-outbox.retime-held'],
};
