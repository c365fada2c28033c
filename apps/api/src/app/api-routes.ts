import type { FastifyInstance } from 'fastify';
import type { Hosting } from '../config';
import type { createAcademyResolver } from '../modules/academies/hosting';
import { academySignupRoutes, firstRunRoutes } from '../modules/academies/signup.routes';
import { ownDomainRoutes } from '../modules/academies/own-domains.routes';
import { realDomainChecks } from '../modules/academies/own-domains.service';
import { registerAccessRules } from '../access/http';
import { absenceCallsRoutes } from '../modules/absence-calls/absence-calls.routes';
import { admissionsRoutes } from '../modules/admissions/admissions.routes';
import { followUpsRoutes } from '../modules/admissions/follow-ups.routes';
import { demoClassesRoutes } from '../modules/admissions/demo-classes.routes';
import { saveDemoMarks } from '../modules/admissions/demo-classes.service';
import { DEVELOPMENT_OTP_KEY } from '../modules/admissions/email-verification.service';
import { emailVerificationRoutes } from '../modules/admissions/email-verification.routes';
import { announcementsRoutes } from '../modules/announcements/announcements.routes';
import { attendanceRoutes } from '../modules/attendance/attendance.routes';
import { auditRoutes } from '../modules/audit/audit.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { backupsRoutes } from '../modules/backups/backups.routes';
import { batchesRoutes } from '../modules/batches/batches.routes';
import { passwordResetRoutes } from '../modules/auth/password-reset.routes';
import { calendarFeedRoutes } from '../modules/calendar-feed/calendar-feed.routes';
import { coursesRoutes } from '../modules/courses/courses.routes';
import { shareImageRoutes } from '../modules/public-site';
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes';
import { feesRoutes } from '../modules/fees/fees.routes';
import { gstRoutes } from '../modules/gst/gst.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { jobsRoutes } from '../modules/jobs/jobs.routes';
import { newsletterRoutes } from '../modules/newsletter/newsletter.routes';
import { notesRoutes } from '../modules/notes/notes.routes';
import { homeworkRoutes } from '../modules/homework';
import { payRoutes } from '../modules/pay';
import { notificationsRoutes } from '../modules/notifications/notifications.routes';
import { parentsRoutes } from '../modules/parents/parents.routes';
import { conversationsRoutes, whatsAppMessageHandler } from '../modules/conversations';
import { providerWebhookRoutes, pushReceivedRoutes } from '../modules/family-outbox';
import { profileRoutes } from '../modules/profile/profile.routes';
import { pushRoutes } from '../modules/push';
import { standardsRoutes } from '../modules/standards/standards.routes';
import { studentsRoutes } from '../modules/students/students.routes';
import { subjectsRoutes } from '../modules/subjects/subjects.routes';
import { teachersRoutes } from '../modules/teachers/teachers.routes';
import { examsRoutes } from '../modules/exams/exams.routes';
import { omrRoutes } from '../modules/exams/omr.routes';
import { exportsRoutes } from '../modules/exports';
import { importsRoutes } from '../modules/imports';
import { academicYearsRoutes } from '../modules/academic-years';
import { onlineTestsRoutes } from '../modules/online-tests';
import { questionsRoutes } from '../modules/questions';
import { operatorRoutes } from '../modules/operator';
import { settingsRoutes } from '../modules/settings/settings.routes';
import { brandRoutes } from '../modules/settings/brand.routes';
import type { AppDeps } from './deps';

type ApiRoutesContext = {
  hosting: Hosting;
  academyResolver: ReturnType<typeof createAcademyResolver>;
  jobs: FastifyInstance['jobs'];
  registerLectureRoutes: (api: FastifyInstance) => Promise<void>;
};

/** Every route under /api, each module's plugin with what it needs. */
export function apiRoutes(deps: AppDeps, { hosting, academyResolver, jobs, registerLectureRoutes }: ApiRoutesContext) {
  return async (api: FastifyInstance) => {
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
      onWhatsAppMessage: whatsAppMessageHandler({ jobs, keys: deps.keys }),
      academyAddress: academyResolver.addressOf,
    });
    // The office's WhatsApp inbox (issue 60).
    await api.register(conversationsRoutes, { db: deps.db, jobs });
    // The platform operator (issue 55): at the base domain only (academies/hosting.ts).
    await api.register(operatorRoutes, { db: deps.db, filesDir: deps.backups.filesDir });
  };
}
