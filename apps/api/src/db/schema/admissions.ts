import { sql } from 'drizzle-orm';
import { check, date, index, integer, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { academyTable } from './academy-table';
import { CONTACT_KINDS, CONTACT_OUTCOMES, ENQUIRY_FORMS, ENQUIRY_SOURCES, ENQUIRY_STATUSES, LOST_REASONS } from '@academy/shared/schemas/admissions';
import { GENDERS } from '@academy/shared/schemas/common';
import { batches } from './batches';
import { standards } from './standards';
import { students } from './students';
import { subjects } from './subjects';
import { LANGUAGES } from '@academy/shared/languages';
import { userRef, createdByAndAt } from './users';
import { academyRow } from './academy-column';
import { createdAt, requiredRef, timestamps } from './columns';
import { linkTable } from './link-table';

/**
 * One-time codes that prove an applicant owns an email address. Kept in the database (not in memory)
 * so the send limits and the wrong-try count hold across restarts and several servers. A verified
 * code carries the proof the enquiry form sends back (`proof_hash`), used up by the enquiry.
 */
export const emailVerifications = academyTable(
  'email_verifications',
  {
    ...academyRow(),
    // Stored lower-case.
    email: varchar({ length: 254 }).notNull(),
    // HMAC-SHA256 of the code keyed with APP_SECRET: six digits alone would be easy to reverse.
    codeHash: text().notNull(),
    ip: varchar({ length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    wrongTries: integer().notNull().default(0),
    verifiedAt: timestamp({ withTimezone: true }),
    // sha256 of the random proof handed out by verify-otp.
    proofHash: text().unique(),
    proofExpiresAt: timestamp({ withTimezone: true }),
    proofUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('email_verifications_email_created_idx').on(table.academyId, table.email, table.createdAt),
    index('email_verifications_ip_created_idx').on(table.academyId, table.ip, table.createdAt),
  ],
);

export const admissionEnquiries = academyTable(
  'admission_enquiries',
  {
    ...academyRow(),
    // The family's reference (ENQ-0042, issue 42 point 14): shown when they apply, said on the phone, searched by the office.
    // Counted per academy (issue 55: no number a user sees comes from a sequence shared by academies): the next
    // after the academy's highest, taken under a lock per academy (migration 0065's next_enquiry_number()).
    number: integer().notNull().default(sql`next_enquiry_number()`),
    studentName: varchar({ length: 120 }).notNull(),
    // Contact messages may come with only a phone or only an email.
    email: varchar({ length: 254 }),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    // A family without email proves its phone with a code by WhatsApp or SMS instead (issue 37).
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    phone: varchar({ length: 20 }),
    parentName: varchar({ length: 120 }),
    parentPhone: varchar({ length: 20 }),
    gender: text({ enum: GENDERS }),
    dateOfBirth: date(),
    // A deleted standard leaves the enquiry without one rather than blocking the deletion.
    standardId: uuid().references(() => standards.id, { onDelete: 'set null' }),
    school: varchar({ length: 200 }),
    board: varchar({ length: 40 }),
    medium: varchar({ length: 40 }),
    address: text(),
    message: text(),
    // Which form it came through: admission, contact or office (the API's `form`).
    form: text({ enum: ENQUIRY_FORMS }).notNull(),
    // Where the family heard of the academy (issue 41), with the student who referred them and the
    // campaign of the link the public form was opened from.
    source: text({ enum: ENQUIRY_SOURCES }).notNull(),
    referredByStudentId: uuid().references(() => students.id, { onDelete: 'set null' }),
    utmSource: varchar({ length: 100 }),
    utmCampaign: varchar({ length: 100 }),
    // The next day to call the family (the academy's calendar day): the Call today list.
    followUpOn: date(),
    // The office member who handles this family.
    assignedTo: userRef(),
    // Why it was rejected or lost; cleared when it is reopened (the status history keeps every one).
    lostReason: text({ enum: LOST_REASONS }),
    lostNote: varchar({ length: 500 }),
    // The language of the page the family used (issue 20): their mails are written in it.
    language: text({ enum: LANGUAGES }).notNull().default('en'),
    status: text({ enum: ENQUIRY_STATUSES }).notNull().default('new'),
    notes: text(),
    // Set once, by the conversion; unique so one student cannot come from two enquiries.
    studentId: uuid().references(() => students.id, { onDelete: 'set null' }),
    convertedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('admission_enquiries_status_check', sql`${table.status} in ('new', 'contacted', 'admitted', 'rejected', 'lost')`),
    check('admission_enquiries_language_check', sql`${table.language} in ('en', 'mr', 'hi')`),
    check('admission_enquiries_form_check', sql`${table.form} in ('admission', 'contact', 'office')`),
    check(
      'admission_enquiries_source_check',
      sql`${table.source} in ('walk_in', 'phone', 'website', 'referral', 'newspaper', 'social_media', 'school_visit', 'other')`,
    ),
    check(
      'admission_enquiries_lost_reason_check',
      sql`${table.lostReason} is null or ${table.lostReason} in ('joined_elsewhere', 'fees', 'timing', 'distance', 'not_reachable', 'not_interested', 'batch_full', 'course_not_offered', 'duplicate', 'other')`,
    ),
    check('admission_enquiries_gender_check', sql`${table.gender} is null or ${table.gender} in ('male', 'female', 'other')`),
    uniqueIndex('admission_enquiries_student_unique').on(table.academyId, table.studentId),
    uniqueIndex('admission_enquiries_number_unique').on(table.academyId, table.number),
    // The list is newest first, filtered by status (the sidebar counts `new`) and source.
    index('admission_enquiries_created_idx').on(table.academyId, table.createdAt),
    index('admission_enquiries_status_created_idx').on(table.academyId, table.status, table.createdAt),
    index('admission_enquiries_source_created_idx').on(table.academyId, table.source, table.createdAt),
    index('admission_enquiries_form_created_idx').on(table.academyId, table.form, table.createdAt),
    // Call today / overdue / this week: only open enquiries have follow-ups that matter.
    index('admission_enquiries_follow_up_idx').on(table.academyId, table.followUpOn).where(sql`${table.status} in ('new', 'contacted')`),
    index('admission_enquiries_assigned_to_idx').on(table.assignedTo),
    index('admission_enquiries_referred_by_idx').on(table.referredByStudentId),
    // Duplicate hints look enquiries up by email and phone; the list searches with ILIKE '%…%'.
    index('admission_enquiries_email_lower_idx').on(table.academyId, sql`lower(${table.email})`),
    index('admission_enquiries_phone_idx').on(table.academyId, table.phone),
    index('admission_enquiries_name_trgm_idx').using('gin', table.studentName.op('gin_trgm_ops')),
    index('admission_enquiries_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('admission_enquiries_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
    index('admission_enquiries_parent_phone_trgm_idx').using('gin', table.parentPhone.op('gin_trgm_ops')),
  ],
);

/** The subjects an applicant is interested in. */
export const admissionEnquirySubjects = linkTable('admission_enquiry_subjects', 'subject', {
  enquiryId: requiredRef(() => admissionEnquiries.id, 'cascade'),
  subjectId: requiredRef(() => subjects.id, 'cascade'),
});

/** Every move of an enquiry through the pipeline: who, when, from → to (from null: it arrived). */
export const admissionEnquiryStatusChanges = academyTable(
  'admission_enquiry_status_changes',
  {
    ...academyRow(),
    enquiryId: requiredRef(() => admissionEnquiries.id, 'cascade'),
    fromStatus: text({ enum: ENQUIRY_STATUSES }),
    toStatus: text({ enum: ENQUIRY_STATUSES }).notNull(),
    // The reason given for a move to rejected or lost.
    reason: text({ enum: LOST_REASONS }),
    note: varchar({ length: 500 }),
    changedBy: userRef(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admission_enquiry_status_changes_enquiry_idx').on(table.enquiryId, table.changedAt),
    index('admission_enquiry_status_changes_user_idx').on(table.changedBy),
    // The season's report reads the moves of a period.
    index('admission_enquiry_status_changes_academy_idx').on(table.academyId, table.changedAt),
  ],
);

/** The office's log of calls, WhatsApp messages and visits with a family (issue 41), newest first on screen. */
export const admissionEnquiryContacts = academyTable(
  'admission_enquiry_contacts',
  {
    ...academyRow(),
    enquiryId: requiredRef(() => admissionEnquiries.id, 'cascade'),
    kind: text({ enum: CONTACT_KINDS }).notNull(),
    outcome: text({ enum: CONTACT_OUTCOMES }).notNull(),
    note: varchar({ length: 1000 }),
    // The next follow-up this contact set (null: it left the date as it was).
    followUpOn: date(),
    ...createdByAndAt(),
  },
  (table) => [
    check('admission_enquiry_contacts_kind_check', sql`${table.kind} in ('call', 'whatsapp', 'visit')`),
    check(
      'admission_enquiry_contacts_outcome_check',
      sql`${table.outcome} in ('interested', 'undecided', 'call_back', 'no_answer', 'not_interested', 'wrong_number')`,
    ),
    index('admission_enquiry_contacts_enquiry_idx').on(table.enquiryId, table.createdAt),
    index('admission_enquiry_contacts_created_by_idx').on(table.createdBy),
    index('admission_enquiry_contacts_academy_idx').on(table.academyId, table.createdAt),
  ],
);

/**
 * A demo class an enquiry is booked into: a batch's class on a date (issue 41, the demo-classes
 * slice). Created here with the follow-ups migration because the season's report counts an enquiry
 * as "demo" when it has a row. status null: not marked yet, else present or absent.
 */
export const admissionDemos = academyTable(
  'admission_demos',
  {
    ...academyRow(),
    enquiryId: requiredRef(() => admissionEnquiries.id, 'cascade'),
    batchId: requiredRef(() => batches.id, 'cascade'),
    date: date().notNull(),
    status: text({ enum: ['present', 'absent'] }),
    markedBy: userRef(),
    markedAt: timestamp({ withTimezone: true }),
    ...createdByAndAt(),
  },
  (table) => [
    check('admission_demos_status_check', sql`${table.status} is null or ${table.status} in ('present', 'absent')`),
    uniqueIndex('admission_demos_enquiry_batch_date_unique').on(table.academyId, table.enquiryId, table.batchId, table.date),
    index('admission_demos_batch_date_idx').on(table.batchId, table.date),
    index('admission_demos_academy_date_idx').on(table.academyId, table.date),
    index('admission_demos_enquiry_idx').on(table.enquiryId),
    index('admission_demos_marked_by_idx').on(table.markedBy),
    index('admission_demos_created_by_idx').on(table.createdBy),
  ],
);
