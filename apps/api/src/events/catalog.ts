import type { Language } from '@academy/shared/languages';
import type { Role } from '@academy/shared/roles';
import type { JobRunner } from '../db/job-runner';

/**
 * Every domain event with its payload and who reacts to it, and every job with the payload its runs
 * carry: the one place to read "what happens when" (decision 026). Each type is declared here once;
 * the compiler holds every `emitEvent`, `handle`, `enqueue` and job definition to it, so an event or
 * a job not listed here, or a payload of another shape, does not compile.
 *
 * A module announces a change with `emitEvent(tx, …)` in the transaction of the change; each handler
 * listed here for that type is then run once for it by the "Domain events" job, in the module that
 * owns the effect (which registers it by this name, see `EventHandlers.handle`). The architecture
 * check (scripts/architecture/rules/events.ts) keeps this page and the code in step: every event is
 * emitted somewhere, every handler listed is registered by its module, and none is registered unlisted.
 *
 * To add an event: its type and payload below, its subscribers (maybe none yet), and `emitEvent` where
 * the change is written. To add a handler: its name under the event here, and `handle` in its module.
 * Payloads are JSON: ids and plain values, never whole records (a handler reads what it needs now).
 * Which cross-module effects are events and which stay commands (the result needed now), and why:
 * docs/ARCHITECTURE.md, "Cross-module side effects".
 * What only holds at the moment of the change (is it today? is it urgent?) is decided by the emitter
 * and carried in the payload: a delivery may be retried minutes later, after midnight, and must still
 * do what the change asked for.
 *
 * An event is for another module's reaction only (decision 083): a module's own later work (a receipt
 * mailed, results told to parents) is one of its jobs below, queued in the change's transaction
 * (`queueJob`), so `payment.recorded`, `exam.published`, `announcement.created`, `demo.booked` and
 * `online-test.published`, which only their own module handled, became jobs (the architecture check's
 * `side-effects` rule keeps it so).
 *
 * `receipt.cancelled` was removed (issue 61): nobody handled it. The family is not told of a
 * cancellation today, and the receipt mail job already skips a receipt cancelled before it ran (it
 * reads the receipt). When families should hear of it, add the event back with its handler in fees.
 */
export type DomainEventPayloads = {
  /**
   * A teacher (or the office) saved a batch's attendance for a day; `marks` as submitted. `onTheDay`:
   * the day marked was the academy's today when it was saved (only then do parents get absence alerts,
   * however late the delivery runs).
   */
  'attendance.marked': { batchId: string; date: string; marks: { studentId: string; status: string }[]; onTheDay: boolean };
  /** The office changed or turned off the quiet hours (issue 54): messages they hold wait for the new end, or go now. */
  'messaging.quiet-hours-changed': Record<string, never>;
  /**
   * A parent replied STOP (`stopped`) or START on WhatsApp, from `phone` (+91…), in the webhook's
   * transaction (issue 37). The family outbox hears it; the parents module owns the parent's record.
   * When: the event's time (a STOP delivered a minute late still stops from when it was sent).
   */
  'whatsapp.stop-or-start-replied': { phone: string; stopped: boolean };
  /** A teacher (or the office) set homework on a batch (issue 59): its active students see it in their bell. */
  'homework.set': { homeworkId: string };
  /** A note was shared with a batch or a student: uploaded so, or moved to another (issue 18). Its students see it in their bell. */
  'note.shared': { noteId: string };
};

export type DomainEventType = keyof DomainEventPayloads;

export type DomainEvent<T extends DomainEventType = DomainEventType> = { id: string; type: T; payload: DomainEventPayloads[T]; createdAt: Date };

/** The handlers of each event type, by name (`<module>.<what it does>`); a delivery row is written for each. */
export const SUBSCRIBERS = {
  'attendance.marked': ['parents.absence-alerts'],
  'messaging.quiet-hours-changed': ['family-outbox.retime-held'],
  'whatsapp.stop-or-start-replied': ['parents.whatsapp-stopped'],
  'homework.set': ['notifications.homework-set'],
  'note.shared': ['notifications.note-shared'],
} as const satisfies { readonly [T in DomainEventType]: readonly string[] };

/** The names of the handlers listed for an event type (what `handle` accepts for it). */
export type SubscriberOf<T extends DomainEventType> = (typeof SUBSCRIBERS)[T][number];

/** No payload: a periodic job's row, or a one-off run that only wakes its job (stored as `{}`). */
type Nothing = Record<string, never>;

/**
 * Every job of the job runner (db/job-runner.ts) by name, with the payload of its runs, as stored in
 * `jobs.payload`. A periodic job takes none. A stored payload keeps its shape: runs queued before a
 * change must still run after it (or a migration converts them).
 */
export type JobPayloads = {
  // Periodic upkeep (app.ts, modules' define… functions).
  'announcement-notifications': Nothing;
  'automatic-backup': Nothing;
  'offsite-backups': Nothing;
  'expired-sign-in-records': Nothing;
  'closed-academies-removal': Nothing;
  'audit-log-pruning': Nothing;
  'homework-weekly-summary': Nothing;
  'homework-pages-removal': Nothing;
  /** Lecture uploads (tus) left unfinished for a day, removed in each academy (decision 087). */
  'lecture-uploads-cleanup': Nothing;
  /** Lectures older than the academy keeps them lose their files (decision 088). */
  'lecture-retention': Nothing;
  /** Lectures' renditions copied to the academy's bucket, removed ones' objects deleted (decision 096): periodic, and woken by a one-off run. */
  'lecture-bucket': Nothing;
  'online-test-deadlines': Nothing;
  'online-test-closing': Nothing;
  'rate-limit-pruning': Nothing;
  /** Tax invoices of instalments whose due date has come (decision 070). */
  'due-date-invoices': Nothing;
  /** The family outbox's sender: periodic, and woken by a one-off run after messages are queued. */
  'parent-messages': Nothing;
  /** The delivery of domain events: periodic, and woken by `emitEvent` (`wakeUp`: such a run never fails on the jobs screen). */
  'domain-events': { wakeUp?: true };
  // One-off runs.
  /** One student's report card mailed for a period (dates `YYYY-MM-DD`, either end open). */
  'report-card-mail': { studentId: string; period: { from?: string; to?: string } };
  /** One family's fee reminder for these dues; `origin`: the site its pay link points at (absent in runs queued before pay links: then PUBLIC_URL, or no link). */
  'fee-reminder': { studentId: string; dueIds: string[]; origin?: string };
  /** A new receipt mailed to the family. */
  'fee-receipt': { receiptId: string };
  /** A WhatsApp answer to a family: a message already written in a conversation, or a text to a number. */
  'conversation-messages': { messageId: string } | { to: string; text: string };
  /** One attendance submission's absence alerts, after the correction delay: the day and the students marked. */
  'absence-alerts': { date: string; studentIds: string[] };
  /** An exam's published results told to each student's parents (decision 083; was the `exam.published` event). */
  'exam-results-messages': { examId: string };
  /** A new announcement for parents sent to each of them by their channel (was the `announcement.created` event). */
  'announcement-parent-messages': { announcementId: string };
  /** An announcement running today put in its students' bells (after it is created or changed). */
  'announcement-bell': { announcementId: string };
  /**
   * A demo class booked (issue 41): the family is told the time and address (was the `demo.booked`
   * event). Whether it is urgent (the class is today) is judged when the run writes the message: a
   * class booked at 23:50 for tomorrow, run after midnight, is today's then.
   */
  'demo-class-message': { demoId: string };
  /** A published online test put in its batches' students' bells and told to their parents (issue 40; was the `online-test.published` event). */
  'online-test-notices': { onlineTestId: string };
  /**
   * A new account's set-your-password mail (issue 73): the link's token sealed with the server's key
   * (lib/secret-box), so neither the table nor a backup holds it in clear; `origin`: the site it was created on.
   */
  'welcome-mail': { name: string; email: string; role: Role; sealedToken: string; origin: string; language: Language };
  /** A forgotten password's reset mail, if the address is an account's (the run decides, so the answer cannot tell). */
  'password-reset-mail': { email: string; origin: string; language: Language };
  /** An application's or a contact message's confirmation mailed to the family (an enquiry by phone gets none, issue 37). */
  'enquiry-confirmation-mail': { to: string; name: string; parentName?: string | null; source: 'admission' | 'contact'; reference?: string; language?: Language };
  /**
   * A parent's sign-in code sent to their phone (issue 53), the code sealed with the server's key;
   * `parentId`: whom it was issued for (none: a stranger's number or past the allowance, nothing is sent).
   * No code: the academy cannot send codes, and the parent with that number gets a failed message saying so.
   * Queued for every number asked for, a parent's or not (the answer must not tell which).
   */
  'sign-in-code-message': { phone: string; sealedCode?: string; parentId?: string };
  /** One uploaded lecture's renditions made with ffmpeg (issue 75, decision 079). */
  'lecture-renditions': { lectureId: string };
};

export type JobName = keyof JobPayloads;

/** The app's job runner: only the jobs above, each with its payload. */
export type Jobs = JobRunner<JobPayloads>;
