import { academyInLanguage } from '@academy/shared/schemas/settings';
import { eq } from 'drizzle-orm';
import { formatClockRangeIn, formatDate } from '@academy/shared/calendar';
import { word } from '@academy/shared/i18n/server-catalog';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import type { Db } from '../../db/client';
import type { Jobs } from '../../events/catalog';
import { admissionDemos, admissionEnquiries, batches, subjects } from '../../db/schema';
import { notifyContact, PARENT_SENDER_JOB } from '../family-outbox';
import { academyToday, getAcademySettings } from '../../academy-settings';
import { readLocalNames } from '../standards';
import { localNamesIn } from '@academy/shared/academy-words';
import { demoMessageKey } from './demo-classes.service';
import { batchClassTimes } from '../../read-models/batch-summaries';
import type { Mailer } from '../../lib/mailer';
import { sendEnquiryConfirmation } from './admissions.service';
import { joinOn } from '../../db/same-academy';

/**
 * The admissions module's job queued when a demo class is booked (events/catalog.ts, decision 083).
 * A demo class booked (issue 41): the enquiry's family gets the student's name, the batch, the date,
 * the class's time and the academy's address, in the enquiry's language, on the one channel that
 * reaches them (family-outbox notifyContact). A booking cancelled before the run sends nothing.
 * The message is kept once per key, so a repeated run writes none again.
 */
export function defineAdmissionJobs(jobs: Jobs, db: Db): void {
  jobs.define('demo-class-message', {
    label: 'Demo class bookings told to families',
    maxAttempts: 5,
    // One transaction: the messages and the sender's run commit together, or neither (then retried).
    run: (payload) => db.transaction(async (tx) => {
      const [demo] = await tx
        .select({
          date: admissionDemos.date,
          student: admissionEnquiries.studentName,
          phone: admissionEnquiries.phone,
          parentPhone: admissionEnquiries.parentPhone,
          email: admissionEnquiries.email,
          language: admissionEnquiries.language,
          batch: batches.name,
          subjectId: subjects.id,
          subject: subjects.name,
          ...batchClassTimes(),
        })
        .from(admissionDemos)
        .innerJoin(admissionEnquiries, joinOn(admissionEnquiries.id, admissionDemos.enquiryId))
        .innerJoin(batches, joinOn(batches.id, admissionDemos.batchId))
        .innerJoin(subjects, joinOn(subjects.id, batches.subjectId))
        .where(eq(admissionDemos.id, payload.demoId));
      if (!demo) return;
      const [settings, localNames, today] = await Promise.all([getAcademySettings(tx), readLocalNames(tx), academyToday(tx)]);
      // The subject by its name in the family's language where the office wrote one (issue 42).
      const batchIn = (language: Language) => `${demo.batch} (${localNamesIn(localNames, language).subject({ _id: demo.subjectId, name: demo.subject })})`;
      const values = {
        academy: settings.name,
        student: demo.student,
        batch: batchIn(demo.language),
        date: formatDate(demo.date),
        // The template's values go in the family's language too (formatClockRangeIn, issue 54).
        time: formatClockRangeIn(demo.startTime, demo.endTime, demo.language),
        address: settings.address,
      };
      const messages = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          {
            subject: word('mail', 'Demo class on {date} — {academy}', language, { ...values, batch: batchIn(language) }),
            // The address as the office wrote it in the family's language, else English (issue 42).
            // The time the family's way (formatClockRangeIn, issue 54).
            text: word('mail', '{academy}: a demo class for {student} is booked in {batch} on {date}, {time}. Address: {address}.', language, {
              ...values,
              batch: batchIn(language),
              time: formatClockRangeIn(demo.startTime, demo.endTime, language),
              address: academyInLanguage(settings, language).address,
            }),
          },
        ]),
      ) as Record<Language, { subject: string; text: string }>;
      const channel = await notifyContact(
        tx,
        undefined,
        { phone: demo.parentPhone ?? demo.phone, email: demo.email, language: demo.language },
        // A class today is urgent: held by the quiet hours, a family told at 05:24 of a 07:00 class would hear at class time (issue 54).
        { kind: 'demo-class', key: demoMessageKey(payload.demoId), date: demo.date, messages, values, urgent: demo.date === today },
      );
      if (channel) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
    }),
  });
}

/** The application's or contact message's confirmation mail, queued with the enquiry (decision 083). */
export function defineEnquiryMailJob(jobs: Jobs, deps: { db: Db; mailer: Mailer }): void {
  jobs.define('enquiry-confirmation-mail', { label: 'Enquiry confirmations mailed', maxAttempts: 5, run: (confirmation) => sendEnquiryConfirmation(deps, confirmation) });
}
