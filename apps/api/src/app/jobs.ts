import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REAL_PROVIDERS } from '../config';
import { SEND_RETRY_DELAYS_SECONDS } from '../lib/delivery-timing';
import { pruneRateLimitHits } from '../db/rate-limit-store';
import { defineAdmissionJobs, defineEnquiryMailJob } from '../modules/admissions/demo-message';
import { deleteOldEmailVerifications } from '../modules/admissions/email-verification.service';
import { pruneAuditLog } from '../modules/audit/audit.service';
import { deleteExpiredAuthRecords } from '../modules/auth/session.service';
import { deleteExpiredSessionsAndLinks } from '../modules/sessions';
import { academyBackupPaths, automaticBackupTask, nextAutomaticBackupAt } from '../modules/backups/backups.service';
import { OFFSITE_BACKUP_JOB, OFFSITE_JOB_TIMING, syncOffsite } from '../modules/backups/offsite.service';
import { deliverFeeReminder } from '../modules/fees/fee-reminders';
import { FEE_REMINDER_JOB } from '../modules/fees/fees.routes';
import { deliverFeeReceipt, FEE_RECEIPT_JOB } from '../modules/fees/receipt-mail';
import { issueDueInvoices } from '../modules/fees/issue-due-invoices';
import { defineExamJobs } from '../modules/exams/results-messages';
import { defineAnnouncementJobs } from '../modules/announcements/announcement-jobs';
import { defineAuthJobs } from '../modules/auth/auth-jobs';
import { defineUserJobs } from '../modules/users';
import { defineHomeworkJobs } from '../modules/homework';
import { DEBIAN_MEDIA_TOOLS, defineLectureJobs, defineLectureUpkeepJobs, FFMPEG_INSTALL_HINT, mediaToolsPresent } from '../modules/lectures';
import { ABSENCE_ALERT_JOB, runAbsenceAlerts } from '../modules/parents/absence-alerts';
import { handleParentEvents } from '../modules/parents/event-handlers';
import { createEventHandlers, defineEventDelivery } from '../events/delivery';
import { CONVERSATION_SENDER_JOB, sendConversationMessage } from '../modules/conversations';
import { forgetOldWebhookEvents, handleFamilyOutboxEvents, nextParentMessageAt, PARENT_SENDER_JOB, sendDueParentMessages } from '../modules/family-outbox';
import { notifyStudentsOfActiveAnnouncements } from '../modules/notifications/notifications.service';
import { handleNotificationEvents } from '../modules/notifications/event-handlers';
import { defineOnlineTestJobs } from '../modules/online-tests';
import { deleteExpiredOperatorRecords, removeClosedAcademies } from '../modules/operator';
import { defineReportCardJob } from '../modules/exams/report-card-jobs';
import type { AppDeps } from './deps';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The periodic work, as jobs on PostgreSQL (db/job-runner.ts): each run happens on one server only, failures
 * are retried and the admin sees every job's last and next run (GET /api/admin/jobs).
 */
export function defineJobs(app: FastifyInstance, deps: AppDeps) {
  // Scheduled announcements reach their students on their start date (and any missed while stopped).
  app.jobs.define('announcement-notifications', { label: 'Announcement notifications', everyMs: 5 * MINUTE, run: () => notifyStudentsOfActiveAnnouncements(deps.db) });
  // The day's automatic backup, run at the settings' backup time (and every 10 minutes behind that, so a
  // changed backup time is taken within 10 minutes; decision 115); a failed one (disk full) is tried again
  // after 15 minutes, not every minute, by whichever server.
  if (deps.backups.automatic) {
    app.jobs.define('automatic-backup', {
      label: 'Automatic backup (checks whether it is due)',
      everyMs: 10 * MINUTE,
      nextRunAt: () => nextAutomaticBackupAt(deps.db, academyBackupPaths(deps.backups)),
      maxAttempts: 1,
      afterFailureMs: 15 * MINUTE,
      run: automaticBackupTask(deps.db, deps.backups, deps.keys),
    });
  }
  // Backups off the machine (decision 044): copies what is pending or failed, removes the copies of deleted
  // backups. A failed copy fails the run, so the runner retries it: OFFSITE_JOB_TIMING says when.
  app.jobs.define(OFFSITE_BACKUP_JOB, {
    label: 'Backups copied off the machine (and old copies removed)',
    ...OFFSITE_JOB_TIMING,
    run: () => syncOffsite(deps.db, deps.keys, academyBackupPaths(deps.backups).backupsDir, { throwOnFailure: true }),
  });
  // Each owner removes its own old rows: sessions and password links, sign-in failures and phone codes,
  // the admission form's email codes, the providers' webhook events seen; and the operators' old sessions
  // and tries go with the academies' (the platform's, issue 55).
  app.jobs.define('expired-sign-in-records', {
    label: 'Expired sessions, sign-in failures and codes removed',
    everyMs: 60 * MINUTE,
    run: async () => {
      await deleteExpiredSessionsAndLinks(deps.db);
      await deleteExpiredAuthRecords(deps.db);
      await deleteOldEmailVerifications(deps.db);
      await forgetOldWebhookEvents(deps.db);
      await deleteExpiredOperatorRecords(deps.db);
    },
  });
  // Hosting many academies (issue 55): an academy closed by the operator 30 days ago is removed with its files.
  if (deps.config.hosting?.mode === 'many') {
    app.jobs.define('closed-academies-removal', {
      label: 'Academies closed more than 30 days ago removed with their files',
      everyMs: 6 * 60 * MINUTE,
      run: () => removeClosedAcademies(deps.db, deps.backups.filesDir, app.log).then(() => undefined),
    });
  }
  // The audit log keeps two years (modules/audit, decision 018).
  app.jobs.define('audit-log-pruning', { label: 'Audit log entries older than two years removed', everyMs: 24 * 60 * MINUTE, run: () => pruneAuditLog(deps.db).then(() => undefined) });
  // A batch's report cards, one mail per student (issue 23).
  defineReportCardJob(app.jobs, { db: deps.db, mailer: deps.mailer, jobs: app.jobs });
  // Homework (issue 59): the weekly summary to parents and pages older than a term removed, each when the academy chose it.
  defineHomeworkJobs(app.jobs, { db: deps.db, storage: deps.storage });
  // Lectures (issue 75): each uploaded recording's renditions, made with Debian's ffmpeg, one run per upload.
  const tools = deps.lectures?.tools ?? DEBIAN_MEDIA_TOOLS;
  if (!mediaToolsPresent(tools)) app.log.warn(`ffmpeg is not installed (${tools.ffmpeg}, ${tools.ffprobe}): lectures cannot be prepared until it is. Install it with: ${FFMPEG_INSTALL_HINT}`);
  defineLectureJobs(app.jobs, { db: deps.db, storage: deps.storage, tools, workDir: deps.lectures?.workDir ?? path.join(path.dirname(deps.backups.filesDir), 'lecture-work'), log: app.log, keys: deps.keys, ...(deps.lectures?.progressEveryMs !== undefined ? { progressEveryMs: deps.lectures.progressEveryMs } : {}) });
  defineLectureUpkeepJobs(app.jobs, { db: deps.db, storage: deps.storage, keys: deps.keys });
  // Fee reminders queued by the office (POST /api/fees/reminders): one run per student, retried on failure.
  app.jobs.define(FEE_REMINDER_JOB, { label: 'Fee reminders', maxAttempts: 5, run: (payload) => deliverFeeReminder({ ...deps, jobs: app.jobs }, payload) });
  // A new receipt mailed to the family with its PDF (one run per payment, retried on failure).
  app.jobs.define(FEE_RECEIPT_JOB, { label: 'Fee receipts mailed', maxAttempts: 5, run: ({ receiptId }) => deliverFeeReceipt({ ...deps, jobs: app.jobs }, receiptId) });
  // Messages to parents (issue 21): sent at once by a one-off run; retries, what the quiet hours held and late
  // fallbacks by this sweep, which runs when the first of them is due and every 10 minutes behind that (decision 115).
  app.jobs.define(PARENT_SENDER_JOB, {
    label: 'Messages to parents (absence alerts, fee reminders, report cards)',
    everyMs: 10 * MINUTE,
    nextRunAt: () => nextParentMessageAt(deps.db),
    run: () => sendDueParentMessages({ db: deps.db, mailer: deps.mailer, keys: deps.keys, outbound: { production: deps.config.isProduction }, providers: deps.config.providers ?? REAL_PROVIDERS, pushAllowedHosts: deps.config.pushAllowedHosts ?? [], log: app.log }),
  });
  // A submission's absence alerts, after the correction delay (a one-off per submission).
  app.jobs.define(CONVERSATION_SENDER_JOB, {
    label: 'WhatsApp answers and replies to families',
    // The one schedule of every message to a family (delivery-timing.ts, decision 072).
    retryDelaysMs: SEND_RETRY_DELAYS_SECONDS.map((seconds) => seconds * 1000),
    run: (payload, attempt) => sendConversationMessage({ db: deps.db, keys: deps.keys, whatsappBase: (deps.config.providers ?? REAL_PROVIDERS).whatsappBase }, payload, attempt),
  });
  app.jobs.define(ABSENCE_ALERT_JOB, { label: 'Absence alerts of a submission', run: (payload) => runAbsenceAlerts(deps.db, app.jobs, payload) });
  // Instalments as a continuous supply (decision 070): each academy's instalments due today (its own
  // date) get their tax invoices. Hourly, so a due date is invoiced soon after the academy's midnight;
  // a run finds nothing to do once the day's are issued, and a failed run is retried.
  app.jobs.define('due-date-invoices', { label: 'Tax invoices of instalments on their due dates', everyMs: 60 * MINUTE, maxAttempts: 5, run: () => issueDueInvoices(deps.db).then(() => undefined) });
  app.jobs.define('rate-limit-pruning', { label: 'Old rate-limit counters removed', everyMs: 10 * MINUTE, run: () => pruneRateLimitHits(deps.db) });
  // Modules' own later work, queued in the transaction of the change (decision 083): results, announcements,
  // demo classes and online tests told to families, and the mails and codes that must not be lost.
  defineExamJobs(app.jobs, deps.db);
  defineAnnouncementJobs(app.jobs, deps.db);
  defineAdmissionJobs(app.jobs, deps.db);
  defineEnquiryMailJob(app.jobs, { db: deps.db, mailer: deps.mailer });
  defineOnlineTestJobs(app.jobs, deps.db);
  defineAuthJobs(app.jobs, { db: deps.db, mailer: deps.mailer });
  defineUserJobs(app.jobs, { db: deps.db, mailer: deps.mailer, keys: deps.keys });
  // Domain events (decision 026): each module's handlers of other modules' events, delivered by one job.
  const events = createEventHandlers(deps.db);
  handleParentEvents(events, app.jobs);
  handleFamilyOutboxEvents(events, app.jobs);
  handleNotificationEvents(events);
  events.assertComplete();
  defineEventDelivery(app.jobs, deps.db, events);
}
