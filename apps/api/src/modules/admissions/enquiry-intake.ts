/** A new enquiry: from the admission form, the contact form or the office, with its confirmation to the family. */
import { academyInLanguage } from '@academy/shared/schemas/settings';
import { academyLockName } from '../../db/advisory-locks';
import { LANGUAGES, type Language } from '@academy/shared/languages';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
    type AdmissionEnquiryDetail, type admissionEnquiryInputSchema, type contactEnquiryInputSchema, enquiryReference,
    type officeEnquiryInputSchema
} from '@academy/shared/schemas/admissions';
import type { Db, DbExecutor } from '../../db/client';
import {
    admissionEnquiries,
    admissionEnquiryStatusChanges,
    admissionEnquirySubjects, standards, subjects
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enquiryReceivedMail } from '../../lib/mail-templates';
import type { Mailer } from '../../lib/mailer';
import { academyMailBrand, academyToday, assertDateOfBirthInPast, getAcademySettings } from '../../academy-settings';
import { notifyContact, PARENT_SENDER_JOB } from '../family-outbox';
import type { Jobs } from '../../events/catalog';
import { queueJob } from '../../events/queue-job';
import { word } from '@academy/shared/i18n/server-catalog';
import { diffChanges, recordAudit, type AuditActor } from '../audit';
import { consumeVerificationProof } from './email-verification.service';
import { consumePhoneProof } from './phone-verification.service';
import { assertFollowUpFields } from './follow-up-queries';
import { getEnquiry } from './enquiry-reads';

type AdmissionInput = z.output<typeof admissionEnquiryInputSchema>;
type ContactInput = z.output<typeof contactEnquiryInputSchema>;
type OfficeInput = z.output<typeof officeEnquiryInputSchema>;

export async function assertReferences(db: DbExecutor, input: { standard?: string | null; subjects?: string[] }) {
  if (input.standard) {
    const [found] = await db.select({ id: standards.id }).from(standards).where(eq(standards.id, input.standard)).limit(1);
    if (!found) throw new AppError('BAD_REQUEST', 'The chosen standard does not exist', { standard: 'Choose a standard from the list' });
  }
  if (input.subjects?.length) {
    const found = await db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, input.subjects));
    if (found.length !== input.subjects.length) throw new AppError('BAD_REQUEST', 'A chosen subject does not exist', { subjects: 'Choose subjects from the list' });
  }
}

export async function replaceSubjects(tx: DbExecutor, enquiryId: string, subjectIds: string[]) {
  await tx.delete(admissionEnquirySubjects).where(eq(admissionEnquirySubjects.enquiryId, enquiryId));
  if (subjectIds.length > 0) await tx.insert(admissionEnquirySubjects).values(subjectIds.map((subjectId) => ({ enquiryId, subjectId })));
}

/** What the applicant's confirmation mail needs, sent by the caller after the answer. */
/** `name`: the student (admission) or the visitor (contact); `parentName`: who filled an admission form for their child, when given. */
export type EnquiryConfirmation = { to: string; name: string; parentName?: string | null; source: 'admission' | 'contact'; reference?: string; language?: Language };

const confirmationOf = (input: AdmissionInput, reference: string, language: Language): EnquiryConfirmation => ({ to: input.email!, name: input.studentName, parentName: input.parentName, source: 'admission', reference, language });

/**
 * POST /api/admission-enquiries: stores the application as `new`, in one transaction with the use of
 * the email's proof (so a refused or failed insert leaves the proof usable) and the first history entry.
 */
export async function createAdmissionEnquiry(db: Db, input: AdmissionInput, language: Language = 'en', jobs?: Jobs): Promise<{ reference: string; confirmation?: EnquiryConfirmation }> {
  await assertReferences(db, input);
  await assertDateOfBirthInPast(db, input.dateOfBirth);
  // A family without email proved its phone instead (issue 37): no confirmation mail then (an email
  // given beside it is kept, unproven, for the office).
  const byPhone = Boolean(input.phoneVerificationToken);
  const number = await db.transaction(async (tx) => {
    const emailVerifiedAt = byPhone ? null : await consumeVerificationProof(tx, { email: input.email!, token: input.verificationToken! });
    const phoneVerifiedAt = byPhone ? await consumePhoneProof(tx, { phone: input.phone, token: input.phoneVerificationToken! }) : null;
    const [row] = await tx
      .insert(admissionEnquiries)
      .values({
        studentName: input.studentName,
        email: input.email ?? null,
        emailVerifiedAt,
        phoneVerifiedAt,
        phone: input.phone,
        parentName: input.parentName ?? null,
        parentPhone: input.parentPhone ?? null,
        gender: input.gender ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        standardId: input.standard,
        school: input.school ?? null,
        board: input.board ?? null,
        medium: input.medium ?? null,
        address: input.address ?? null,
        message: input.message ?? null,
        form: 'admission',
        source: 'website',
        utmSource: input.utmSource ?? null,
        utmCampaign: input.utmCampaign ?? null,
        language,
      })
      .returning({ id: admissionEnquiries.id, number: admissionEnquiries.number });
    await replaceSubjects(tx, row!.id, input.subjects ?? []);
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: row!.id, fromStatus: null, toStatus: 'new' });
    await recordAudit(tx, null, { action: 'create', entityType: 'enquiry', entityId: row!.id, text: { key: 'enquiry.public_form', values: { name: input.studentName } } });
    // No mail to confirm it (issue 54: the Hindi family was told nothing on its phone): its reference on the
    // phone it proved, in the page's language, on the channel that reaches it; in this transaction, so a
    // refused application sends nothing.
    if (byPhone) await sendReferenceToPhone(tx, jobs, { phone: input.phone, student: input.studentName, reference: enquiryReference(row!.number), language, enquiryId: row!.id });
    // Else the confirmation mail, a job queued with the application (decision 083).
    else await queueJob(tx, 'enquiry-confirmation-mail', confirmationOf(input, enquiryReference(row!.number), language));
    return row!.number;
  });
  const reference = enquiryReference(number);
  if (byPhone) return { reference };
  return { reference, confirmation: confirmationOf(input, reference, language) };
}

/** The applicant's reference by WhatsApp or SMS (notifyContact); nothing when no phone channel is on (the page showed it). */
async function sendReferenceToPhone(
  tx: DbExecutor,
  jobs: Jobs | undefined,
  application: { phone: string; student: string; reference: string; language: Language; enquiryId: string },
): Promise<void> {
  const settings = await getAcademySettings(tx);
  const values = { academy: settings.name, student: application.student, reference: application.reference };
  const messages = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        subject: word('mail', 'Application {reference} received — {academy}', language, values),
        text: word('mail', '{academy}: we have received the application for {student}. Your reference is {reference}; say it when you call us. We will call you soon.', language, values),
      },
    ]),
  ) as Record<Language, { subject: string; text: string }>;
  const channel = await notifyContact(
    tx,
    undefined,
    { phone: application.phone, email: null, language: application.language },
    { kind: 'enquiry-received', key: `enquiry-received:${application.enquiryId}`, date: await academyToday(tx), messages, values },
  );
  if (channel && jobs) await jobs.enqueue(PARENT_SENDER_JOB, {}, { transaction: tx });
}

/**
 * POST /api/admission-enquiries/office: a walk-in or phone enquiry the office recorded itself. No
 * email code and no confirmation mail (the office is talking to the family). Stored as `new` from
 * `office`, with the admin as the author of the first history entry, in one transaction.
 */
export async function createOfficeEnquiry(db: Db, actor: NonNullable<AuditActor>, input: OfficeInput): Promise<AdmissionEnquiryDetail> {
  const createdBy = actor.userId;
  await assertReferences(db, input);
  await assertDateOfBirthInPast(db, input.dateOfBirth);
  await assertFollowUpFields(db, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admissionEnquiries)
      .values({
        studentName: input.studentName,
        email: input.email ?? null,
        phone: input.phone,
        parentName: input.parentName ?? null,
        parentPhone: input.parentPhone ?? null,
        gender: input.gender ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        standardId: input.standard ?? null,
        school: input.school ?? null,
        board: input.board ?? null,
        medium: input.medium ?? null,
        address: input.address ?? null,
        message: input.message ?? null,
        notes: input.notes ?? null,
        form: 'office',
        language: input.language ?? 'en',
        // The office records the family in front of it or on the phone: a walk-in unless it says otherwise.
        source: input.source ?? 'walk_in',
        referredByStudentId: input.referredBy ?? null,
        followUpOn: input.followUpOn ?? null,
        assignedTo: input.assignedTo ?? null,
      })
      .returning({ id: admissionEnquiries.id });
    await replaceSubjects(tx, row!.id, input.subjects ?? []);
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: row!.id, fromStatus: null, toStatus: 'new', changedBy: createdBy });
    await recordAudit(tx, actor, { action: 'create', entityType: 'enquiry', entityId: row!.id, text: { key: 'enquiry.office', values: { name: input.studentName } }, changes: diffChanges({}, { ...input }) });
    return row!.id;
  });
  return getEnquiry(db, id);
}

/** Confirmations of contact messages one (unproved) address receives per day; later messages are stored silently. */
export const CONTACT_MAILS_PER_ADDRESS_PER_DAY = 1;

/** POST /api/admission-enquiries/contact: a message from /contact, stored as a `new` enquiry from `contact`. */
export async function createContactEnquiry(db: Db, input: ContactInput, language: Language = 'en'): Promise<EnquiryConfirmation | undefined> {
  return db.transaction(async (tx) => {
    // Nobody proved this address: at most CONTACT_MAILS_PER_ADDRESS_PER_DAY confirmations reach it,
    // counted in the database (the stored enquiries), whichever client or server sent them.
    let mailAllowed = false;
    if (input.email) {
      // One writer per address at a time, so two simultaneous messages cannot both count zero.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${academyLockName(`contact-mail:${input.email.toLowerCase()}`)}))`);
      const [recent] = await tx
        .select({ count: count() })
        .from(admissionEnquiries)
        .where(and(eq(admissionEnquiries.form, 'contact'), eq(sql`lower(${admissionEnquiries.email})`, input.email.toLowerCase()), gt(admissionEnquiries.createdAt, sql`now() - interval '1 day'`)));
      mailAllowed = (recent?.count ?? 0) < CONTACT_MAILS_PER_ADDRESS_PER_DAY;
    }
    const [row] = await tx
      .insert(admissionEnquiries)
      .values({
        studentName: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        message: input.message,
        form: 'contact',
        source: 'website',
        utmSource: input.utmSource ?? null,
        utmCampaign: input.utmCampaign ?? null,
        language,
      })
      .returning({ id: admissionEnquiries.id });
    await tx.insert(admissionEnquiryStatusChanges).values({ enquiryId: row!.id, fromStatus: null, toStatus: 'new' });
    await recordAudit(tx, null, { action: 'create', entityType: 'enquiry', entityId: row!.id, text: { key: 'enquiry.contact', values: { name: input.name } } });
    const confirmation = input.email && mailAllowed ? { to: input.email, name: input.name, source: 'contact' as const, language } : undefined;
    // The confirmation mail, a job queued with the message (decision 083).
    if (confirmation) await queueJob(tx, 'enquiry-confirmation-mail', confirmation);
    return confirmation;
  });
}

/** The applicant's "we have your enquiry" mail, in the language stored on the enquiry (the page's). */
export async function sendEnquiryConfirmation(deps: { db: Db; mailer: Mailer }, confirmation: EnquiryConfirmation) {
  const settings = await getAcademySettings(deps.db);
  const mail = enquiryReceivedMail({
    academyName: settings.name,
    name: confirmation.name,
    parentName: confirmation.parentName ?? undefined,
    source: confirmation.source,
    reference: confirmation.reference,
    officeHours: academyInLanguage(settings, confirmation.language ?? 'en').officeHours,
    phones: settings.phones,
    language: confirmation.language,
    brand: await academyMailBrand(deps.db),
  });
  await deps.mailer.send({ to: confirmation.to, ...mail });
}
