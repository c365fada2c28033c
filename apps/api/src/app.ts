import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { isLanguage, LANGUAGE_HEADER, type Language } from '@academy/shared/languages';
import { MESSAGES } from '@academy/shared/messages';
import { REAL_PROVIDERS, type Config, type Hosting } from './config';
import { createAcademyResolver, registerAcademyHost } from './modules/academies/hosting';
import { academySignupRoutes, firstRunRoutes, welcomeRoutes } from './modules/academies/signup.routes';
import { ownDomainRoutes } from './modules/academies/own-domains.routes';
import { realDomainChecks, type DomainChecks } from './modules/academies/own-domains.service';
import type { Db } from './db/client';
import type { Mailer } from './lib/mailer';
import { setAcademyAddresses } from './lib/academy-address';
import { SEND_RETRY_DELAYS_SECONDS } from './lib/delivery-timing';
import { loadPublicPages } from './lib/public-pages';
import { siteOrigin } from './lib/site-origin';
import { rewriteRequestUrl } from './lib/request-address';
import { pruneRateLimitHits, postgresRateLimitStore } from './db/rate-limit-store';
import { redactUrl } from './lib/redact-url';
import type { FileStorage } from './lib/storage';
import { withBrandHead } from './lib/brand-head';
import { getAcademySettings } from './academy-settings';
import { adminOnly, registerAccessRules } from './access/http';
import { registerNulCharacterCheck } from './plugins/no-nul';
import { serializeError } from './lib/log-errors';
import { responseSerializerCompiler } from './lib/response-serializer';
import { registerAuth } from './modules/auth/session-plugin';
import { registerBackgroundTasks } from './plugins/background-tasks';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerReplyTranslation } from './lib/translate-reply';
import { registerSameOriginCheck } from './plugins/same-origin';
import { openApiTransform, SECURITY_SCHEMES } from './plugins/openapi';
import { absenceCallsRoutes } from './modules/absence-calls/absence-calls.routes';
import { admissionsRoutes } from './modules/admissions/admissions.routes';
import { followUpsRoutes } from './modules/admissions/follow-ups.routes';
import { demoClassesRoutes } from './modules/admissions/demo-classes.routes';
import { saveDemoMarks } from './modules/admissions/demo-classes.service';
import { defineAdmissionJobs, defineEnquiryMailJob } from './modules/admissions/demo-message';
import { deleteOldEmailVerifications, DEVELOPMENT_OTP_KEY } from './modules/admissions/email-verification.service';
import { emailVerificationRoutes } from './modules/admissions/email-verification.routes';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { attendanceRoutes } from './modules/attendance/attendance.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { pruneAuditLog } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { LANGUAGE_COOKIE, SESSION_COOKIE } from '@academy/shared/cookies';
import { deleteExpiredAuthRecords } from './modules/auth/session.service';
import { deleteExpiredSessionsAndLinks } from './modules/sessions';
import { backupsRoutes } from './modules/backups/backups.routes';
import { academyBackupPaths, appVersion, automaticBackupTask, everyAcademysBackups, type BackupPaths } from './modules/backups/backups.service';
import { OFFSITE_BACKUP_JOB, OFFSITE_JOB_TIMING, syncOffsite } from './modules/backups/offsite.service';
import { batchesRoutes } from './modules/batches/batches.routes';
import { passwordResetRoutes } from './modules/auth/password-reset.routes';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes';
import { coursesRoutes } from './modules/courses/courses.routes';
import { sharedPageHead, shareImageRoutes, siteFileRoutes } from './modules/public-site';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { deliverFeeReminder } from './modules/fees/fee-reminders';
import { FEE_REMINDER_JOB, feesRoutes } from './modules/fees/fees.routes';
import { gstRoutes } from './modules/gst/gst.routes';
import { payPageRoutes } from './modules/fees/pay-page.routes';
import { SHEET_PATH, sheetFormRoutes, type DrawSheet } from './modules/attendance/sheet-form.routes';
import { startFormRoutes } from './modules/online-tests/start-form.routes';
import { deliverFeeReceipt, FEE_RECEIPT_JOB } from './modules/fees/receipt-mail';
import { issueDueInvoices } from './modules/fees/due-invoices.service';
import { defineExamJobs } from './modules/exams/results-messages';
import { defineAnnouncementJobs } from './modules/announcements/announcement-jobs';
import { defineAuthJobs } from './modules/auth/auth-jobs';
import { defineUserJobs } from './modules/users';
import { healthRoutes } from './modules/health/health.routes';
import { createAppMetrics, metricsRoutes } from './modules/metrics';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { defineHomeworkJobs, homeworkRoutes } from './modules/homework';
import { createLectureUploads, DEBIAN_MEDIA_TOOLS, defineLectureJobs, defineLectureUpkeepJobs, defineLectureUploadJobs, lectureWatchRoutes, FFMPEG_INSTALL_HINT, lectureUploadRoutes, lecturesRoutes, mediaToolsPresent, type MediaTools } from './modules/lectures';
import { LECTURE_DEFAULT_MAX_UPLOAD_MB } from '@academy/shared/schemas/lectures';
import { payRoutes } from './modules/pay';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { parentsRoutes } from './modules/parents/parents.routes';
import { ABSENCE_ALERT_JOB, runAbsenceAlerts } from './modules/parents/absence-alerts';
import { handleParentEvents } from './modules/parents/event-handlers';
import { createEventHandlers, defineEventDelivery } from './events/delivery';
import { conversationsRoutes, CONVERSATION_SENDER_JOB, sendConversationMessage, whatsAppMessageHandler } from './modules/conversations';
import { forgetOldWebhookEvents, handleFamilyOutboxEvents, PARENT_SENDER_JOB, providerWebhookRoutes, pushReceivedRoutes, sendDueParentMessages } from './modules/family-outbox';
import { notifyStudentsOfActiveAnnouncements } from './modules/notifications/notifications.service';
import { handleNotificationEvents } from './modules/notifications/event-handlers';
import { profileRoutes } from './modules/profile/profile.routes';
import { pushRoutes } from './modules/push';
import { standardsRoutes } from './modules/standards/standards.routes';
import { studentsRoutes } from './modules/students/students.routes';
import { subjectsRoutes } from './modules/subjects/subjects.routes';
import { teachersRoutes } from './modules/teachers/teachers.routes';
import { examsRoutes } from './modules/exams/exams.routes';
import { omrRoutes } from './modules/exams/omr.routes';
import { exportsRoutes } from './modules/exports';
import { importsRoutes } from './modules/imports';
import { academicYearsRoutes } from './modules/academic-years';
import { defineOnlineTestJobs, onlineTestsRoutes, recordClosedTests, submitDueAttempts } from './modules/online-tests';
import { questionsRoutes } from './modules/questions';
import { deleteExpiredOperatorRecords, operatorRoutes, registerOperatorSession, removeClosedAcademies } from './modules/operator';
import { defineReportCardJob } from './modules/exams/report-card-jobs';
import { settingsRoutes } from './modules/settings/settings.routes';
import { assetLinksRoutes, brandRoutes } from './modules/settings/brand.routes';
import { listenForChanges } from './db/change-listener';
import { forgetPastDayTotals, PAST_DAYS_CHANNEL } from './modules/attendance';
import { compressedBody, registerKeptResponses } from './lib/kept-responses';
import type { ServerKeys } from './lib/server-keys';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export type AppDeps = {
  /** The serving role's: every request and job (rows only, decision 068). */
  db: Db;
  /** The tables' owner, for restores only (they build a scratch schema); unset: `db` (one role does everything). */
  ownerDb?: Db;
  /** appSecret keys the hashes of one-time codes; outside production a fixed development key stands in. */
  config: Pick<Config, 'isProduction' | 'publicUrl' | 'trustProxy'> & {
    appSecret?: string;
    providers?: Config['providers'];
    pushAllowedHosts?: readonly string[];
    metricsToken?: string;
    attendanceOpensMinutesBefore?: number;
    /** Unset: one academy (ACADEMY_HOSTING=one). */
    hosting?: Hosting;
    /** DNS servers asked for own-domain TXT proofs; unset or empty: the system's. */
    domainCheckDnsServers?: readonly string[];
  };
  /** How own-domain proofs are looked for; unset: DNS and the domain's site (tests pass stand-ins' addresses). */
  domainChecks?: DomainChecks;
  mailer: Mailer;
  /** Keys derived from APP_SECRET (or the development secret in DATA_DIR): secrets at rest, backup signatures. */
  keys: ServerKeys;
  /**
   * Backups: their folder (DATA_DIR/backups) and the stored files they cover (DATA_DIR/files);
   * `automatic` runs the daily automatic backup (the server; tests call it themselves).
   */
  backups: BackupPaths & { automatic?: boolean; maxUploadBytes?: number };
  /** Where uploaded files (notes' PDFs) are kept: DATA_DIR/files, a temporary folder in tests. */
  storage: FileStorage;
  /**
   * Lectures (issue 75): the largest recording taken (LECTURE_MAX_UPLOAD_MB), ffmpeg's and ffprobe's paths
   * (Debian's by default) and the folder renditions are made in (DATA_DIR/lecture-work by default).
   */
  lectures?: { maxUploadBytes?: number; tools?: MediaTools; workDir?: string; uploadsDir?: string };
  /**
   * Whether this process polls for due jobs (the server). API tests leave it off and call
   * `app.jobs.runDue()` when they want the jobs run.
   */
  runJobs?: boolean;
  /** The built web app to serve; omitted in API tests. */
  webDistFolder?: string;
  logger?: FastifyServerOptions['logger'];
};

// GET answers that are the same for every visitor (the public site's data).
const PUBLIC_API_READS = ['/api/settings/public', '/api/public/'];
function isPublicApiRead(request: FastifyRequest): boolean {
  return request.method === 'GET' && PUBLIC_API_READS.some((prefix) => request.url.startsWith(prefix));
}

/**
 * The access log names every request's address; reset links and calendar feeds carry their secret in
 * it, so the logged address is redacted (lib/redact-url.ts).
 */
function withRedactedUrls(logger: AppDeps['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: {
      ...options.serializers,
      // A failed query's SQL parameters (session hashes, emails) never reach the log (lib/log-errors.ts).
      err: (error: FastifyError) => serializeError(error) as { type: string; message: string; stack: string },
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/**
 * The periodic work, as jobs on PostgreSQL (db/job-runner.ts): each run happens on one server only, failures
 * are retried and the admin sees every job's last and next run (GET /api/admin/jobs).
 */
function defineJobs(app: FastifyInstance, deps: AppDeps) {
  // Scheduled announcements reach their students on their start date (and any missed while stopped).
  app.jobs.define('announcement-notifications', { label: 'Announcement notifications', everyMs: 5 * MINUTE, run: () => notifyStudentsOfActiveAnnouncements(deps.db) });
  // Checks each minute whether the day's automatic backup (at the settings' backup time) is due; a
  // failed one (disk full) is tried again after 15 minutes, not every minute, by whichever server.
  if (deps.backups.automatic) {
    app.jobs.define('automatic-backup', {
      label: 'Automatic backup (checks whether it is due)',
      everyMs: MINUTE,
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
  defineLectureJobs(app.jobs, { db: deps.db, storage: deps.storage, tools, workDir: deps.lectures?.workDir ?? path.join(path.dirname(deps.backups.filesDir), 'lecture-work'), log: app.log, keys: deps.keys });
  defineLectureUpkeepJobs(app.jobs, { db: deps.db, storage: deps.storage, keys: deps.keys });
  // Fee reminders queued by the office (POST /api/fees/reminders): one run per student, retried on failure.
  app.jobs.define(FEE_REMINDER_JOB, { label: 'Fee reminders', maxAttempts: 5, run: (payload) => deliverFeeReminder({ ...deps, jobs: app.jobs }, payload) });
  // A new receipt mailed to the family with its PDF (one run per payment, retried on failure).
  app.jobs.define(FEE_RECEIPT_JOB, { label: 'Fee receipts mailed', maxAttempts: 5, run: ({ receiptId }) => deliverFeeReceipt({ ...deps, jobs: app.jobs }, receiptId) });
  // Messages to parents (issue 21): sent at once by a one-off run, retried by this sweep with backoff.
  app.jobs.define(PARENT_SENDER_JOB, {
    label: 'Messages to parents (absence alerts, fee reminders, report cards)',
    everyMs: MINUTE,
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
  // Online tests (issue 40): attempts past their end are submitted with what was saved; a closed
  // test's scores go into its batches' tests and marks.
  app.jobs.define('online-test-deadlines', { label: 'Online test attempts submitted at their end', everyMs: 30 * SECOND, run: () => submitDueAttempts(deps.db).then(() => undefined) });
  app.jobs.define('online-test-closing', { label: 'Closed online tests recorded in tests and marks', everyMs: MINUTE, run: () => recordClosedTests(deps.db).then(() => undefined) });
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

/**
 * The resumable uploads and recordings in class (decision 087): pieces in DATA_DIR/lecture-uploads/<academy>/,
 * their jobs defined now; what it returns registers the lectures' routes (issue 75) with the others under /api.
 */
function createLectureUploadsAndJobs(app: FastifyInstance, deps: AppDeps): (api: FastifyInstance) => Promise<void> {
  const maxUploadBytes = deps.lectures?.maxUploadBytes ?? LECTURE_DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;
  const lectureUploadDeps = {
    db: deps.db,
    storage: deps.storage,
    jobs: app.jobs,
    maxUploadBytes,
    root: deps.lectures?.uploadsDir ?? path.join(path.dirname(deps.backups.filesDir), 'lecture-uploads'),
  };
  const lectureUploads = createLectureUploads(lectureUploadDeps);
  defineLectureUploadJobs(app.jobs, lectureUploads);
  return async (api) => {
    await api.register(lectureWatchRoutes, { db: deps.db, keys: deps.keys });
    await api.register(lecturesRoutes, { db: deps.db, storage: deps.storage, jobs: app.jobs, maxUploadBytes, keys: deps.keys });
    await api.register(lectureUploadRoutes, { ...lectureUploadDeps, uploads: lectureUploads });
  };
}

/** Another server's changes reach this one's kept answers at once (lib/read-cache.ts, decision 016). */
function listenForOtherServersChanges(app: FastifyInstance, deps: AppDeps): void {
  let changes: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    changes = listenForChanges(deps.db, app.log, { [PAST_DAYS_CHANNEL]: (academyId) => forgetPastDayTotals(deps.db, academyId) });
  });
  app.addHook('onClose', async () => changes?.close());
}

/** Builds the whole HTTP application without listening, so tests drive it with app.inject. */
/** What the platform's page says of itself to search engines and link previews (ACADEMY_HOSTING=many). */
const PLATFORM_DESCRIPTION = 'Run your coaching academy from one place: its own website, admissions, attendance, fees by UPI and messages to parents. Start your academy in a few minutes.';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedactedUrls(deps.logger),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Never echo a stack trace or a framework message we did not choose.
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    // One form of every path before routing, hosting and access decide anything (issue 71): `/%61pi/...`
    // is `/api/...` for all of them; an absolute address in the request line is refused (lib/request-address.ts).
    rewriteUrl: rewriteRequestUrl,
  }).withTypeProvider<ZodTypeProvider>();
  // Before anything else: which academy the request is for, and the rest of it runs as that academy's (issue 55).
  const hosting: Hosting = deps.config.hosting ?? { mode: 'one' };
  const academyResolver = createAcademyResolver(deps.db, hosting);
  app.decorate('academyHosts', academyResolver);
  registerAcademyHost(app, { resolver: academyResolver, hosting, publicUrl: deps.config.publicUrl });
  setAcademyAddresses(academyAddressFinder(app, academyResolver, hosting, deps.config.publicUrl));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Only JSON (and, where a route adds it, multipart) bodies: a cross-site form cannot post text/plain.
  app.removeContentTypeParser('text/plain');
  // Prometheus' figures (issue 52): every answer is counted by its route's pattern, before any route
  // or hook exists, so each of them (and the not-found handler) is covered.
  const metrics = createAppMetrics({
    db: deps.db,
    dataDir: path.dirname(deps.backups.filesDir),
    filesDir: deps.backups.filesDir,
    listBackups: () => everyAcademysBackups(deps.db, deps.backups),
    version: appVersion(),
  });
  app.addHook('onResponse', async (request, reply) => metrics.observe(request, reply));

  registerErrorHandler(app);
  // Messages leave in the caller's language (issue 20; docs/decisions/015-languages.md).
  registerReplyTranslation(app);
  registerBackgroundTasks(app, { db: deps.db, poll: deps.runJobs ?? false });
  defineJobs(app, deps);
  const registerLectureRoutes = createLectureUploadsAndJobs(app, deps);
  listenForOtherServersChanges(app, deps);
  const httpsOnly = deps.config.publicUrl?.startsWith('https://') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> tag and uses style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        // The lecture player (decision 082): hls.js feeds the <audio> element through Media Source Extensions, a blob: address.
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: httpsOnly ? [] : null,
      },
    },
    strictTransportSecurity: httpsOnly,
  });
  // Before compression: a kept answer's JSON and compressed bytes are written once (lib/kept-responses.ts).
  registerKeptResponses(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  // Multipart bodies for the routes that take files; each route sets its own size limit in request.file().
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20 } });
  // Routes opt in with `config.rateLimit`; the counts are kept in PostgreSQL, shared by every server
  // (db/rate-limit-store.ts). Sign-in has its own database-backed limit (login_failures).
  await app.register(fastifyRateLimit, { global: false, store: postgresRateLimitStore(deps.db) });
  registerSameOriginCheck(app, deps.config.publicUrl);
  registerAuth(app, deps.db);
  // The platform operator's own session (issue 55), on /api/operator only.
  registerOperatorSession(app, deps.db);
  // No NUL (U+0000) in any body, query or address reaches PostgreSQL (issue 53).
  registerNulCharacterCheck(app);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Academy API', version: '1.0.0' }, components: { securitySchemes: SECURITY_SCHEMES } },
    // The zod schemas, completed from the access table and what the server answers (plugins/openapi.ts).
    transform: openApiTransform,
  });
  // The API's map is for developers; in production only an admin may read it (and its browser).
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true, ...(deps.config.isProduction ? { uiHooks: { preHandler: adminOnly } } : {}) });

  // Personal answers must not stay in a browser's or a shared proxy's cache; the public pages' data may
  // be kept but is checked again on each use. Routes that chose their own header (files) keep it.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', isPublicApiRead(request) ? 'no-cache' : 'no-store');
  });

  await app.register(
    async (api) => {
      // Every route below takes its guard from the access layer's policy table (apps/api/src/access).
      registerAccessRules(api);
      await api.register(healthRoutes, { db: deps.db, storage: deps.storage });
      await api.register(authRoutes, { db: deps.db, otpKey: deps.config.appSecret ?? DEVELOPMENT_OTP_KEY, keys: deps.keys });
      await api.register(dashboardRoutes, { db: deps.db });
      // Start your academy at the platform's address (issue 55; 404 with one academy), and a new academy's first-run checklist.
      await api.register(academySignupRoutes, { db: deps.db, mailer: deps.mailer, otpKey: deps.config.appSecret ?? DEVELOPMENT_OTP_KEY, hosting, publicUrl: deps.config.publicUrl });
      await api.register(firstRunRoutes, { db: deps.db });
      // An academy's own domain, proved by a DNS TXT record or a file (issue 55; with one academy: none).
      await api.register(ownDomainRoutes, {
        db: deps.db,
        hosting,
        checks: deps.domainChecks ?? realDomainChecks({ dnsServers: deps.config.domainCheckDnsServers ?? [], outbound: { production: deps.config.isProduction } }),
      });
      await api.register(passwordResetRoutes, { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl });
      await api.register(settingsRoutes, { db: deps.db, keys: deps.keys, outbound: { production: deps.config.isProduction } });
      // The academy's own brand and its own Play Store app (issue 78).
      await api.register(brandRoutes, { db: deps.db, storage: deps.storage, publicUrl: deps.config.publicUrl });
      await api.register(newsletterRoutes, { db: deps.db });
      await api.register(subjectsRoutes, { db: deps.db });
      await api.register(standardsRoutes, { db: deps.db });
      await api.register(teachersRoutes, { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl, keys: deps.keys });
      await api.register(studentsRoutes, { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl, keys: deps.keys });
      await api.register(parentsRoutes, { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl, keys: deps.keys });
      await api.register(profileRoutes, { db: deps.db });
      await api.register(coursesRoutes, { db: deps.db });
      // The public pages' share images (issue 41): what a link shared on WhatsApp shows.
      await api.register(shareImageRoutes, { db: deps.db });
      await api.register(batchesRoutes, { db: deps.db });
      await api.register(announcementsRoutes, { db: deps.db });
      await api.register(notificationsRoutes, { db: deps.db });
      await api.register(calendarFeedRoutes, { db: deps.db, publicUrl: deps.config.publicUrl });
      await api.register(backupsRoutes, { db: deps.db, ownerDb: deps.ownerDb ?? deps.db, paths: deps.backups, keys: deps.keys, maxUploadBytes: deps.backups.maxUploadBytes });
      await api.register(notesRoutes, { db: deps.db, storage: deps.storage });
      await api.register(emailVerificationRoutes, { db: deps.db, mailer: deps.mailer, otpKey: deps.config.appSecret ?? DEVELOPMENT_OTP_KEY, keys: deps.keys });
      await api.register(admissionsRoutes, { db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl, keys: deps.keys });
      // Follow-ups, contacts and the season's report (issue 41).
      await api.register(followUpsRoutes, { db: deps.db });
      // Demo classes (issue 41): booked by the office, marked on the teacher's attendance sheet.
      await api.register(demoClassesRoutes, { db: deps.db });
      // Unset (tests): today's marks are taken at any hour; the server's configuration sets the window.
      // A day's demo students are marked on their bookings, which the admissions module keeps (issue 41).
      await api.register(attendanceRoutes, { db: deps.db, opensMinutesBefore: deps.config.attendanceOpensMinutesBefore ?? null, saveDemoMarks });
      await api.register(examsRoutes, { db: deps.db });
      // OMR sheets of a test (issue 76): printed, scanned from a phone photo into the marks.
      await api.register(omrRoutes, { db: deps.db, storage: deps.storage });
      await api.register(absenceCallsRoutes, { db: deps.db });
      await api.register(auditRoutes, { db: deps.db });
      await api.register(jobsRoutes);
      await api.register(feesRoutes, { db: deps.db, keys: deps.keys, publicUrl: deps.config.publicUrl });
      // GST (issue 57): Settings → Tax, Fees → GST and GSTR-1.
      await api.register(gstRoutes, { db: deps.db });
      // Everything back to Excel (issue 39): one workbook of every register.
      await api.register(exportsRoutes, { db: deps.db });
      // Registers in (issue 39): students with parents, batches and opening balances from a sheet.
      await api.register(importsRoutes, { db: deps.db });
      // The new academic year (issue 39): students up a standard, last year's batches archived, dues carried over.
      await api.register(academicYearsRoutes, { db: deps.db });
      // The question bank (issue 40): questions with math and pictures, imported from sheets too.
      await api.register(questionsRoutes, { db: deps.db, storage: deps.storage });
      await api.register(onlineTestsRoutes, { db: deps.db, storage: deps.storage });
      // Homework (issue 59): set on a batch, handed in as photographed pages, checked done or redo.
      await api.register(homeworkRoutes, { db: deps.db, storage: deps.storage });
      // Lectures (issue 75): a batch's recorded lectures, rendered for slow data and played as HLS.
      await registerLectureRoutes(api);
      // Staff pay (issue 58): lectures from attendance, leave and substitutes, payroll and payslips.
      await api.register(payRoutes, { db: deps.db, keys: deps.keys });
      // Web Push to parents' and students' installed app (issue 37).
      await api.register(pushRoutes, { db: deps.db, keys: deps.keys, allowedHosts: deps.config.pushAllowedHosts ?? [] });
      await api.register(pushReceivedRoutes, { db: deps.db });
      // WhatsApp's and MSG91's callbacks (issue 37): signed or tokened, never a session.
      // Parents' other messages become conversations (issue 60): answered by themselves or by the office.
      await api.register(providerWebhookRoutes, {
        db: deps.db,
        keys: deps.keys,
        publicUrl: deps.config.publicUrl,
        onWhatsAppMessage: whatsAppMessageHandler({ jobs: app.jobs, keys: deps.keys }),
        academyAddress: academyResolver.addressOf,
      });
      // The office's WhatsApp inbox (issue 60).
      await api.register(conversationsRoutes, { db: deps.db, jobs: app.jobs });
      // The platform operator (issue 55): at the base domain only (academies/hosting.ts).
      await api.register(operatorRoutes, { db: deps.db, filesDir: deps.backups.filesDir });
    },
    { prefix: '/api' },
  );
  let drawSheet: DrawSheet | undefined;
  // robots.txt, the sitemap (issue 41) and the metrics (issue 52): at the site's root, with rules in the same policy table.
  await app.register(async (site) => {
    registerAccessRules(site);
    await site.register(siteFileRoutes, { db: deps.db, publicUrl: deps.config.publicUrl });
    // The academy's Android app's statement (issue 78).
    await site.register(assetLinksRoutes, { db: deps.db });
    // A fee reminder's pay link (issue 54): the page as the server's own HTML, readable before any code.
    await site.register(payPageRoutes, { db: deps.db, keys: deps.keys, webDistFolder: deps.webDistFolder });
    // A new academy's owner arriving from the sign-up (issue 73): a session, then the dashboard drawn by the server.
    await site.register(welcomeRoutes, { db: deps.db, hosting });
    // The teacher's attendance sheet as a plain HTML form (issue 74): works before the app's code, or without it.
    await site.register(sheetFormRoutes, { drawSheet: () => drawSheet });
    // A student's Start of an online test as a plain HTML form (issue 74): works before the app's code, or without it.
    await site.register(startFormRoutes);
    // GET /metrics for Prometheus (issue 52): a token or this machine only (modules/metrics).
    await site.register(metricsRoutes, { metrics, token: deps.config.metricsToken });
  });

  const indexHtml = deps.webDistFolder ? path.join(deps.webDistFolder, 'index.html') : undefined;
  const serveSpa = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: deps.webDistFolder!,
      wildcard: false,
      index: false,
      // The build wrote each asset's .br and .gz beside it (apps/web/scripts/precompress.mjs): sent as
      // they are to a browser that takes them, never compressed again per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name, so they never change once built.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
  }

  // The public pages as HTML (issue 17): for a visitor without a session cookie, from the web app's
  // server build. Signed-in people, and every other address, get the app's shell as before.
  const publicPages = serveSpa ? await loadPublicPages(deps.webDistFolder!, app.log) : undefined;
  // A refused sheet (sheet-form.routes.ts) comes back drawn, with the reason and the marks as sent.
  if (publicPages) {
    drawSheet = (request, reply, search, result) =>
      publicPages.renderSignedIn(SHEET_PATH, (apiPath, language) => readOwnApiAs(app, request, reply, apiPath, language), search, result);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (serveSpa && isPageRequest && hosting.mode === 'many' && request.academy === null) {
      // The platform's own address (sign-up, the operator): the app's shell, told it is the platform's.
      const html = await fs.promises.readFile(indexHtml!, 'utf8');
      // The platform's own words, not the first academy's (index.html's description is the demo academy's: issue 73).
      const platformHtml = html
        .replace(/<html lang="en"/, '<html lang="en" data-site="platform"')
        .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${PLATFORM_DESCRIPTION}"`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(platformHtml);
    }
    if (serveSpa && isPageRequest) {
      const url = new URL(request.url, siteOrigin(request, deps.config.publicUrl));
      // One address per page (issue 53): /mr/ and /courses/ are /mr and /courses, as the sitemap, the
      // hreflang links and the canonical name them; the slashed form redirects for good.
      if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
        // Leading slashes collapsed too: "//elsewhere.example/" must not become a link to another site.
        return reply.header('cache-control', 'no-cache').redirect(`/${url.pathname.replace(/^\/+|\/+$/g, '')}${url.search}`, 301);
      }
      // An academy that chose Marathi or Hindi shows it to a visitor who has not chosen a language (issue 73):
      // a bare public page (drawn by the server) redirects to the academy's language's address before any
      // byte of English; every other page of the app's shell names the academy's language for the app.
      const academyLanguage = request.academy && request.academy.language !== 'en' && isLanguage(request.academy.language) ? request.academy.language : undefined;
      const visitorChose = request.cookies[LANGUAGE_COOKIE] !== undefined || request.cookies[SESSION_COOKIE] !== undefined;
      const unprefixed = !/^\/(mr|hi)(?:\/|$)/.test(url.pathname);
      if (academyLanguage && !visitorChose && unprefixed && publicPages?.covers(url.pathname)) {
        return reply.header('cache-control', 'no-cache').header('vary', 'cookie').redirect(`/${academyLanguage}${url.pathname === '/' ? '' : url.pathname}${url.search}`, 302);
      }
      // A signed-in area's first screen (a dashboard) opened directly: the shell brings the person's
      // session and the screen's data, read from this server's own routes with their cookie (the same
      // access rules), and links the screen's code, so a phone fetches it all in one round (issue 17).
      if (publicPages?.coversSignedIn(url.pathname) && request.cookies[SESSION_COOKIE] !== undefined) {
        const drawn = await publicPages.renderSignedIn(url.pathname, (apiPath, language) => readOwnApiAs(app, request, reply, apiPath, language), url.search);
        // The academy's colour and icons in the head from the first byte (issue 78).
        const html = drawn === null ? null : withBrandHead(drawn, (await getAcademySettings(deps.db)).brand);
        // One person's data: kept by no cache, not even the browser's.
        // `same-origin`: a form the screen posts as plain HTML (the attendance sheet, decision 075) carries
        // its Origin, which the same-origin check needs; under `no-referrer` a browser sends "null".
        if (html !== null) return reply.header('cache-control', 'no-store').header('vary', 'cookie').header('referrer-policy', 'same-origin').type('text/html; charset=utf-8').send(compressedBody(request, reply, html));
      }
      if (publicPages?.covers(url.pathname) && request.cookies[SESSION_COOKIE] === undefined) {
        // Each API answer is read once for the page and its sharing tags and structured data (issue 41).
        const reads = new Map<string, Promise<unknown>>();
        const read = (apiPath: string) => {
          let answer = reads.get(apiPath);
          if (!answer) reads.set(apiPath, (answer = readOwnApi(app, request, apiPath, url.pathname)));
          return answer;
        };
        const page = await publicPages.render(url, read, ({ language, title, description }) =>
          sharedPageHead({ url, language: language as Language, title, description }, read),
        );
        // A course's address with out-of-date words (a renamed batch) or written another way: its page
        // is at the one address, for good.
        if (page && 'redirect' in page) return reply.header('cache-control', 'no-cache').redirect(page.redirect, 301);
        // The same address answers a signed-in person with the shell, so caches keep one per cookie.
        // Compressed here: @fastify/compress adds its hook to routes, and this handler is none (a page
        // is about 55 kB, 10 kB compressed: a second on slow mobile data). A course that is not open
        // is the site's not-found page, with its status.
        if (page) {
          const html = withBrandHead(page.html, (await getAcademySettings(deps.db)).brand);
          return reply.status(page.status).header('cache-control', 'no-cache').header('vary', 'cookie').type('text/html; charset=utf-8').send(compressedBody(request, reply, html));
        }
      }
      // A Marathi or Hindi public page (/mr/..., /hi/...) names its language from the first byte, for
      // search engines and screen readers, before the app's code runs (issue 20).
      const language = /^\/(mr|hi)(?:[/?#]|$)/.exec(request.url)?.[1];
      if (language) {
        const html = await fs.promises.readFile(indexHtml!, 'utf8');
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html.replace(/<html lang="en"/, `<html lang="${language}"`));
      }
      if (academyLanguage && !visitorChose && unprefixed) {
        const html = await fs.promises.readFile(indexHtml!, 'utf8');
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(html.replace(/<html lang="en"/, `<html lang="en" data-academy-language="${academyLanguage}"`));
      }
      // Client-side routes: the web app decides what to show (including its own not-found page).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: MESSAGES.notFound });
  });

  return app;
}

/**
 * The `data` of one of this server's own GET routes read as the person asking for a page: their cookie
 * (so the same session and access rules), in `language`. A renewed session's cookie reaches the page's
 * answer. Any answer but a success throws, with its status as `statusCode`.
 */
async function readOwnApiAs(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, apiPath: string, language = 'en'): Promise<unknown> {
  // The same host: the same academy (modules/academies/hosting.ts).
  const response = await app.inject({ method: 'GET', url: `/api${apiPath}`, headers: { host: request.headers.host ?? 'localhost', cookie: request.headers.cookie ?? '', [LANGUAGE_HEADER]: language } });
  const setCookies = response.headers['set-cookie'];
  for (const cookie of [setCookies ?? []].flat()) reply.header('set-cookie', cookie);
  const body = response.json<{ success?: boolean; data?: unknown }>();
  if (response.statusCode !== 200 || body.success !== true) throw Object.assign(new Error(`GET /api${apiPath} answered ${response.statusCode}`), { statusCode: response.statusCode });
  return body.data;
}

/**
 * The `data` of one of this server's own public GET routes, read as the browser would (same access
 * rules, kept answers), for a page rendered on the server; any other answer fails the render.
 */
async function readOwnApi(app: FastifyInstance, request: FastifyRequest, apiPath: string, pagePath: string): Promise<unknown> {
  const language = /^\/(mr|hi)(?:\/|$)/.exec(pagePath)?.[1] ?? 'en';
  // The same host: the same academy's pages (modules/academies/hosting.ts).
  const response = await app.inject({ method: 'GET', url: `/api${apiPath}`, headers: { host: request.headers.host ?? 'localhost', [LANGUAGE_HEADER]: language } });
  const body = response.json<{ success?: boolean; data?: unknown }>();
  if (response.statusCode !== 200 || body.success !== true) throw Object.assign(new Error(`GET /api${apiPath} answered ${response.statusCode}`), { statusCode: response.statusCode });
  return body.data;
}

/**
 * How a job finds its academy's address for the links in what it sends (a mail's logo, issue 78): with
 * many academies its domain or `<slug>.BASE_DOMAIN` with PUBLIC_URL's scheme and port (without PUBLIC_URL,
 * in development, the port this server listens on); with one academy PUBLIC_URL, else this server's address.
 */
function academyAddressFinder(app: FastifyInstance, resolver: ReturnType<typeof createAcademyResolver>, hosting: Hosting, publicUrl: string | undefined) {
  const listeningPort = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? address.port : undefined;
  };
  return async (academyId: string): Promise<string | undefined> => {
    const url = publicUrl ? new URL(publicUrl) : undefined;
    if (hosting.mode === 'one') return url ? url.origin : listeningPort() ? `http://localhost:${listeningPort()}` : undefined;
    const address = await resolver.addressOf(academyId, url ? url.protocol.slice(0, -1) : 'http');
    if (!address) return undefined;
    const port = url ? url.port : String(listeningPort() ?? '');
    return port ? `${address}:${port}` : address;
  };
}
