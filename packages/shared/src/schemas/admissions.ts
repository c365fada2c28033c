import { z } from 'zod';
import { emailSchema } from './auth';
import {
  BOARD_MESSAGE,
  BOARDS,
  calendarDateSchema,
  genderSchema,
  idListSchema,
  idSchema,
  isoDateTimeSchema,
  MEDIUM_MESSAGE,
  MEDIUMS,
  namedRefSchema,
  optionalField,
  optionalPhoneSchema,
  optionalQueryValue,
  optionalTextSchema,
  paginationQuerySchema,
  paginationSchema,
  personRefSchema,
  requiredNameSchema,
  standardRefSchema,
  subjectRefSchema,
} from './common';
import { indianPhoneSchema } from './phone';
import { LANGUAGES } from '../languages';

/**
 * Admission enquiries ("new registrations"): the public /admission form (email proven by a one-time
 * code), the short /contact form, and the admin's pipeline new → contacted → admitted | rejected.
 */

/**
 * `rejected`: the academy said no; `lost`: the family went elsewhere or could not be reached (issue 41).
 * Both need a reason from LOST_REASONS.
 */
export const ENQUIRY_STATUSES = ['new', 'contacted', 'admitted', 'rejected', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** Still being worked on: these have follow-ups (Call today, overdue). */
export const OPEN_ENQUIRY_STATUSES = ['new', 'contacted'] as const satisfies readonly EnquiryStatus[];
/** The statuses that ask for a reason. */
export const CLOSED_WITH_REASON_STATUSES = ['rejected', 'lost'] as const satisfies readonly EnquiryStatus[];
/**
 * Which form the enquiry came through (the API's `form`): the public /admission or /contact form,
 * or `office`: a walk-in or phone enquiry the office recorded itself (no email code).
 */
export const ENQUIRY_FORMS = ['admission', 'contact', 'office'] as const;
export type EnquiryForm = (typeof ENQUIRY_FORMS)[number];
/** Where the family heard of the academy (the API's `source`, issue 41): the season's report counts by it. */
export const ENQUIRY_SOURCES = ['walk_in', 'phone', 'website', 'referral', 'newspaper', 'social_media', 'school_visit', 'other'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];
/** GET /api/admission-enquiries?followUp=…: the Call today list is today and overdue. */
export const FOLLOW_UP_FILTERS = ['today', 'overdue', 'week'] as const;
export type FollowUpFilter = (typeof FOLLOW_UP_FILTERS)[number];
/** How the office reached the family. */
export const CONTACT_KINDS = ['call', 'whatsapp', 'visit'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CONTACT_OUTCOMES = ['interested', 'undecided', 'call_back', 'no_answer', 'not_interested', 'wrong_number'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
/** Why an enquiry was rejected (the academy's side) or lost (the family's side); one list for the report. */
export const LOST_REASONS = [
  'joined_elsewhere',
  'fees',
  'timing',
  'distance',
  'not_reachable',
  'not_interested',
  'batch_full',
  'course_not_offered',
  'duplicate',
  'other',
] as const;
export type LostReason = (typeof LOST_REASONS)[number];

/**
 * The only moves of the pipeline. The office calls the family before deciding, so a new enquiry is
 * first `contacted`; admitted and rejected are the decisions (the web app confirms them), and a
 * mistaken decision is reopened back to `contacted`, which the status history shows. An enquiry that
 * already became a student is not reopened (the server refuses it).
 */
export const ENQUIRY_TRANSITIONS: Record<EnquiryStatus, readonly EnquiryStatus[]> = {
  new: ['contacted'],
  contacted: ['admitted', 'rejected', 'lost'],
  admitted: ['contacted'],
  rejected: ['contacted'],
  lost: ['contacted'],
};

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', contacted: 'Contacted', admitted: 'Admitted', rejected: 'Rejected', lost: 'Lost' };
export const ENQUIRY_FORM_LABELS: Record<EnquiryForm, string> = { admission: 'Admission form', contact: 'Contact form', office: 'Added by the office' };

/** The longest campaign tag kept from a link (utm_source, utm_campaign); a longer one is cut, never refused. */
export const UTM_MAX_LENGTH = 100;
/**
 * A campaign tag read from the page's address: trimmed and cut to UTM_MAX_LENGTH, '' or absent → null.
 * Cut rather than refused: a family's application never fails over a marketing tag in a shared link.
 */
const utmSchema = z
  .string({ error: 'Campaign tags must be text' })
  .nullable()
  .optional()
  .transform((value) => {
    const trimmed = value?.trim().slice(0, UTM_MAX_LENGTH) ?? '';
    return trimmed === '' ? null : trimmed;
  });
/** What the public forms add about the link they were opened from (issue 41). */
const campaignFields = { utmSource: utmSchema, utmCampaign: utmSchema };

const SOURCE_MESSAGE = `Source must be one of: ${ENQUIRY_SOURCES.join(', ')}`;
export const enquirySourceSchema = z.enum(ENQUIRY_SOURCES, { error: SOURCE_MESSAGE });
const FORM_MESSAGE = `Form must be one of: ${ENQUIRY_FORMS.join(', ')}`;
export const enquiryFormSchema = z.enum(ENQUIRY_FORMS, { error: FORM_MESSAGE });
const FOLLOW_UP_DATE_MESSAGE = 'Enter the follow-up date as YYYY-MM-DD';
/** A follow-up day: a calendar date, '' or null clears it (the service refuses one in the past). */
const followUpOnSchema = optionalField(z.iso.date({ error: FOLLOW_UP_DATE_MESSAGE }), FOLLOW_UP_DATE_MESSAGE);
/** The student who referred the family (a student's `_id`), only with the source `referral`. */
const referredBySchema = optionalField(z.uuid({ error: 'Choose the referring student from the list' }), 'Choose the referring student from the list');
const assignedToSchema = optionalField(z.uuid({ error: 'Choose who handles this enquiry from the list' }), 'Choose who handles this enquiry from the list');
export const REFERRAL_NEEDS_SOURCE = 'A referring student can only be given when the source is referral';

// The board and medium words are a student's too (schemas/common.ts).
export { BOARDS, MEDIUMS, type Board, type Medium } from './common';

/** One-time codes: six digits, valid 10 minutes, a new one after 60 s, five sends an hour per email. */
export const OTP_LENGTH = 6;
export const OTP_VALID_MINUTES = 10;
export const OTP_RESEND_AFTER_SECONDS = 60;
/** Per email address: the limit a family meets first. */
export const OTP_SENDS_PER_HOUR = 5;
/**
 * Per connection, against abuse only: families share the office's or a school's Wi-Fi on admission
 * days, so this is high enough for a busy office (a code every minute for an hour).
 */
export const OTP_SENDS_PER_CONNECTION_PER_HOUR = 60;
export const OTP_MAX_WRONG_TRIES = 5;
/**
 * Codes sent to phones by the whole academy in an hour, every number and purpose together (issue 53):
 * each is a paid WhatsApp or SMS message. Sized for a real academy's busiest hour (a results evening:
 * a few hundred parents signing in), far below what a script asking for every number would cost.
 */
export const PHONE_CODES_SENT_PER_HOUR = 400;
/**
 * Codes sent to ONE number by every academy of a hosted deployment together in an hour (issue 55): five
 * an hour from each of three hundred academies' forms would flood a stranger's phone. Twice what one
 * academy may send it, so a family applying at two academies the same evening never meets it.
 */
export const PHONE_CODES_PER_NUMBER_ALL_ACADEMIES_PER_HOUR = 10;
/**
 * A phone that has had its OTP_SENDS_PER_HOUR codes in the last hour gets the next one this many
 * minutes after the last (issue 53): asks by strangers can delay a parent's code by this much at
 * most, never lock them out for the hour.
 */
export const PHONE_CODE_COOL_DOWN_MINUTES = 10;
/** How long the proof of a verified email may wait for the form to be sent. */
export const VERIFICATION_PROOF_MINUTES = 30;

/** A required Indian mobile number (the one rule every phone of the app follows, +91 optional). */
export const requiredPhoneSchema = z.string({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required').pipe(indianPhoneSchema);

export const sendOtpInputSchema = z.object({ email: emailSchema }, { error: 'Email is required' });
export type SendOtpInput = z.input<typeof sendOtpInputSchema>;
export const sendOtpResultSchema = z.object({ resendAfterSeconds: z.number().int(), validMinutes: z.number().int() });
export type SendOtpResult = z.infer<typeof sendOtpResultSchema>;

export const otpSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the mail');

export const verifyOtpInputSchema = z.object({ email: emailSchema, otp: otpSchema }, { error: 'Email and code are required' });
export type VerifyOtpInput = z.input<typeof verifyOtpInputSchema>;
export const verifyOtpResultSchema = z.object({ verificationToken: z.string(), expiresAt: isoDateTimeSchema });
export type VerifyOtpResult = z.infer<typeof verifyOtpResultSchema>;

const dateOfBirthSchema = optionalField(
  // After today is refused by the API against the academy's "today" (DATE_OF_BIRTH_IN_PAST, schemas/students.ts).
  calendarDateSchema.refine((date) => date >= '1990-01-01', 'Date of birth must be in the past'),
  'Enter a date as YYYY-MM-DD',
);

/** The applicant's details, shared by the public form and the admin's edit. */
const enquiryFields = {
  studentName: requiredNameSchema('Student name'),
  email: emailSchema,
  phone: requiredPhoneSchema,
  parentName: optionalField(requiredNameSchema('Parent name'), 'Parent name must be text'),
  parentPhone: optionalPhoneSchema,
  gender: genderSchema.nullable().optional(),
  dateOfBirth: dateOfBirthSchema,
  /** The standard's `_id` (from GET /api/public/courses). */
  standard: idSchema.nullable().optional(),
  /** Subject `_id`s the student is interested in. */
  subjects: idListSchema('subjects').optional(),
  school: optionalTextSchema('School', 200),
  board: z.enum(BOARDS, { error: BOARD_MESSAGE }).nullable().optional(),
  medium: z.enum(MEDIUMS, { error: MEDIUM_MESSAGE }).nullable().optional(),
  address: optionalTextSchema('Address', 300),
  message: optionalTextSchema('Message', 2000),
};

const verificationProof = (message: string) => z.string({ error: message }).min(1, message).max(200, message);

/** The public form's fields (before the proof of the email or the phone). */
const admissionEnquiryFields = z.object(
  {
    ...enquiryFields,
    standard: z.uuid({ error: 'Choose a standard' }),
  },
  { error: 'Send the enquiry as an object' },
);

/**
 * POST /api/admission-enquiries (public): the form's fields plus a proof: the email's (from
 * /email-verification/verify-otp, for that email) or, for a family without email, the phone's (from
 * /phone-verification/verify-otp, for the form's phone; issue 37), with the email then optional.
 * Student name, phone and standard are always required.
 */
/** "ENQ-0042": an enquiry's reference from its number, as the family is told it and the office searches it. */
export function enquiryReference(number: number): string {
  return `ENQ-${String(number).padStart(4, '0')}`;
}

/** The number in a search that is a reference ("ENQ-0042", "enq42"); null for any other search (a name, a phone). */
export function enquiryNumberOf(search: string): number | null {
  const match = /^\s*enq[\s-]*0*(\d{1,9})\s*$/i.exec(search);
  return match ? Number(match[1]) : null;
}

/** POST /api/admission-enquiries: what the family is told besides the thanks. */
export const admissionEnquiryReceivedSchema = z.object({ reference: z.string() });
export type AdmissionEnquiryReceived = z.infer<typeof admissionEnquiryReceivedSchema>;

export const admissionEnquiryInputSchema = admissionEnquiryFields
  .extend({
    ...campaignFields,
    email: optionalField(emailSchema, 'Enter a valid email address'),
    verificationToken: verificationProof('Verify your email address first').optional(),
    phoneVerificationToken: verificationProof('Verify your phone number first').optional(),
  })
  .superRefine((value, context) => {
    if (value.phoneVerificationToken) return;
    if (!value.email) context.addIssue({ code: 'custom', path: ['email'], message: 'Email is required' });
    if (!value.verificationToken) context.addIssue({ code: 'custom', path: ['verificationToken'], message: 'Verify your email address first' });
  });
export type AdmissionEnquiryInput = z.input<typeof admissionEnquiryInputSchema>;

/** The form's own check of one step (the proof arrives after the email or phone step). */
export const admissionEnquiryFormSchema = admissionEnquiryFields;
/** The same for a family proving its phone instead: the email is optional then. */
export const admissionEnquiryPhoneFormSchema = admissionEnquiryFields.extend({ email: optionalField(emailSchema, 'Enter a valid email address') });

/** POST /api/phone-verification/send-otp and verify-otp: the admission form's code to the family's phone. */
export const sendPhoneOtpInputSchema = z.object({ phone: requiredPhoneSchema }, { error: 'Phone number is required' });
export type SendPhoneOtpInput = z.input<typeof sendPhoneOtpInputSchema>;
export const verifyPhoneOtpInputSchema = z.object(
  { phone: requiredPhoneSchema, otp: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code') },
  { error: 'Phone number and code are required' },
);
export type VerifyPhoneOtpInput = z.input<typeof verifyPhoneOtpInputSchema>;

const CONTACT_NEEDS_A_WAY = 'Give an email address or a phone number so we can reply';
/** POST /api/admission-enquiries/contact (public, no code): a short message from /contact. */
export const contactEnquiryInputSchema = z
  .object(
    {
      name: requiredNameSchema('Name'),
      email: optionalField(emailSchema, 'Enter a valid email address'),
      phone: optionalPhoneSchema,
      message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(2000, 'Message must be at most 2000 characters'),
      ...campaignFields,
    },
    { error: 'Send the message as an object' },
  )
  .superRefine((value, context) => {
    if (!value.email && !value.phone) {
      context.addIssue({ code: 'custom', path: ['email'], message: CONTACT_NEEDS_A_WAY });
      context.addIssue({ code: 'custom', path: ['phone'], message: CONTACT_NEEDS_A_WAY });
    }
  });
export type ContactEnquiryInput = z.input<typeof contactEnquiryInputSchema>;

/**
 * PUT /api/admission-enquiries/{id} (admin): only the fields sent change; '' or null clears an
 * optional one. `notes` is the office's follow-up notes, never shown to the applicant.
 */
/** The family's language, which the office picks for a walk-in or phone enquiry: their WhatsApp messages are written in it (issue 41). */
const enquiryLanguageSchema = z.enum(LANGUAGES, { error: 'Choose English, Marathi or Hindi' });

export const admissionEnquiryUpdateInputSchema = z
  .object(enquiryFields, { error: 'Send the enquiry as an object' })
  .extend({ email: optionalField(emailSchema, 'Enter a valid email address'), phone: optionalPhoneSchema })
  .partial()
  .extend({ notes: optionalTextSchema('Notes', 5000), language: enquiryLanguageSchema.optional() });
export type AdmissionEnquiryUpdateInput = z.input<typeof admissionEnquiryUpdateInputSchema>;

/**
 * POST /api/admission-enquiries/office (admin): a walk-in or phone enquiry the office types in
 * itself. No email code (the office spoke to the family); only the student's name and a phone are
 * required, as a family at the counter may not have an email or know the standard yet.
 */
export const officeEnquiryInputSchema = z
  .object(enquiryFields, { error: 'Send the enquiry as an object' })
  .extend({
    email: optionalField(emailSchema, 'Enter a valid email address'),
    notes: optionalTextSchema('Notes', 5000),
    /** Where the family heard of the academy; a walk-in when not given (issue 41). */
    source: enquirySourceSchema.optional(),
    /** The family's language; English when not given. */
    language: enquiryLanguageSchema.optional(),
    referredBy: referredBySchema,
    followUpOn: followUpOnSchema,
    assignedTo: assignedToSchema,
  })
  .refine((value) => !value.referredBy || value.source === 'referral', { message: REFERRAL_NEEDS_SOURCE, path: ['referredBy'] });
export type OfficeEnquiryInput = z.input<typeof officeEnquiryInputSchema>;

export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES, { error: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}` });
export const lostReasonSchema = z.enum(LOST_REASONS, { error: `Reason must be one of: ${LOST_REASONS.join(', ')}` });
export const LOST_REASON_REQUIRED = 'Choose why the enquiry is rejected or lost';
export const LOST_NOTE_REQUIRED = 'Say in a note what the other reason is';
/**
 * PATCH /api/admission-enquiries/{id}/status: rejected and lost need a reason (issue 41), and the
 * reason `other` a note; other moves take neither.
 */
export const enquiryStatusInputSchema = z
  .object(
    {
      status: enquiryStatusSchema,
      reason: lostReasonSchema.nullable().optional(),
      note: optionalTextSchema('Note', 500),
    },
    { error: 'Status is required' },
  )
  .superRefine((value, context) => {
    const closing = (CLOSED_WITH_REASON_STATUSES as readonly string[]).includes(value.status);
    if (closing && !value.reason) context.addIssue({ code: 'custom', path: ['reason'], message: LOST_REASON_REQUIRED });
    if (closing && value.reason === 'other' && !value.note) context.addIssue({ code: 'custom', path: ['note'], message: LOST_NOTE_REQUIRED });
  });
export type EnquiryStatusInput = z.input<typeof enquiryStatusInputSchema>;

/**
 * PATCH /api/admission-enquiries/{id} (issue 41): the follow-up fields only sent change; null clears
 * the date, the referring student or the assignee. Changing the source away from referral clears the
 * referring student.
 */
export const enquiryFollowUpInputSchema = z
  .object(
    { followUpOn: followUpOnSchema, source: enquirySourceSchema.optional(), referredBy: referredBySchema, assignedTo: assignedToSchema },
    { error: 'Send the follow-up as an object' },
  )
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Send at least one of followUpOn, source, referredBy, assignedTo' });
export type EnquiryFollowUpInput = z.input<typeof enquiryFollowUpInputSchema>;

/** POST /api/admission-enquiries/{id}/contacts: a call, WhatsApp message or visit, and what came of it. */
export const enquiryContactInputSchema = z.object(
  {
    kind: z.enum(CONTACT_KINDS, { error: `Contact kind must be one of: ${CONTACT_KINDS.join(', ')}` }),
    outcome: z.enum(CONTACT_OUTCOMES, { error: `Outcome must be one of: ${CONTACT_OUTCOMES.join(', ')}` }),
    note: optionalTextSchema('Note', 1000),
    /** The next follow-up; absent leaves the enquiry's date as it is, null clears it. */
    followUpOn: followUpOnSchema,
  },
  { error: 'Send the contact as an object' },
);
export type EnquiryContactInput = z.input<typeof enquiryContactInputSchema>;

export const enquiryContactSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(CONTACT_KINDS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().nullable(),
  followUpOn: z.string().nullable(),
  /** null: a since-deleted account. */
  createdBy: personRefSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type EnquiryContact = z.infer<typeof enquiryContactSchema>;

/** GET /api/admission-enquiries/assignees: who may be given enquiries to handle. */
export const enquiryAssigneesSchema = z.array(personRefSchema);
export type EnquiryAssignees = z.infer<typeof enquiryAssigneesSchema>;

/** POST /api/admission-enquiries/{id}/convert: optionally enrols the new student in a batch. */
export const convertEnquiryInputSchema = z.object({ batchId: idSchema.nullable().optional() }, { error: 'Send an object' });
export type ConvertEnquiryInput = z.input<typeof convertEnquiryInputSchema>;

export const admissionEnquirySchema = z.object({
  _id: z.uuid(),
  /** The family's reference, ENQ-0042 (enquiryReference). */
  reference: z.string(),
  studentName: z.string(),
  email: z.string().nullable(),
  /** When the applicant proved the email with a code (contact messages: null). */
  emailVerifiedAt: isoDateTimeSchema.nullable(),
  phone: z.string().nullable(),
  parentName: z.string().nullable(),
  parentPhone: z.string().nullable(),
  gender: genderSchema.nullable(),
  dateOfBirth: z.string().nullable(),
  standard: standardRefSchema.nullable(),
  subjects: z.array(subjectRefSchema),
  school: z.string().nullable(),
  board: z.string().nullable(),
  medium: z.string().nullable(),
  address: z.string().nullable(),
  message: z.string().nullable(),
  /** Which form it came through. */
  form: enquiryFormSchema,
  /** Where the family heard of the academy. */
  source: enquirySourceSchema,
  referredBy: namedRefSchema.nullable(),
  utmSource: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  /** The language of the page the family used: a WhatsApp message to them is written in it. */
  language: z.enum(LANGUAGES),
  /** The next day to call the family (academy date), null when none is planned. */
  followUpOn: z.string().nullable(),
  assignedTo: personRefSchema.nullable(),
  status: enquiryStatusSchema,
  /** Why it was rejected or lost (null otherwise). */
  lostReason: z.enum(LOST_REASONS).nullable(),
  lostNote: z.string().nullable(),
  notes: z.string().nullable(),
  /** The student account made from this enquiry. */
  student: namedRefSchema.nullable(),
  convertedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AdmissionEnquiry = z.infer<typeof admissionEnquirySchema>;

export const enquiryStatusChangeSchema = z.object({
  _id: z.uuid(),
  /** null: the enquiry arrived. */
  fromStatus: enquiryStatusSchema.nullable(),
  toStatus: enquiryStatusSchema,
  /** The reason given for a move to rejected or lost. */
  reason: z.enum(LOST_REASONS).nullable(),
  note: z.string().nullable(),
  /** null: the applicant (or a since-deleted account). */
  changedBy: personRefSchema.nullable(),
  changedAt: isoDateTimeSchema,
});
export type EnquiryStatusChange = z.infer<typeof enquiryStatusChangeSchema>;

const matchedOnSchema = z.array(z.enum(['email', 'phone']));
/** Records with the same email or phone: the family may already study here or have applied before. */
export const enquiryDuplicatesSchema = z.object({
  students: z.array(z.object({ _id: z.uuid(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), status: z.string(), matchedOn: matchedOnSchema })),
  enquiries: z.array(
    z.object({ _id: z.uuid(), studentName: z.string(), status: enquiryStatusSchema, form: enquiryFormSchema, createdAt: isoDateTimeSchema, matchedOn: matchedOnSchema }),
  ),
});
export type EnquiryDuplicates = z.infer<typeof enquiryDuplicatesSchema>;

/** GET /api/admission-enquiries/{id}: the enquiry, its history (oldest first) and duplicate hints. */
export const admissionEnquiryDetailSchema = admissionEnquirySchema.extend({
  history: z.array(enquiryStatusChangeSchema),
  duplicates: enquiryDuplicatesSchema,
  /** The office's calls, WhatsApp messages and visits, newest first. */
  contacts: z.array(enquiryContactSchema),
  /** Where it can move next (empty once it became a student). */
  allowedStatuses: z.array(enquiryStatusSchema),
});
export type AdmissionEnquiryDetail = z.infer<typeof admissionEnquiryDetailSchema>;

/** GET /api/admission-enquiries: newest first. */
export const admissionEnquiryListQuerySchema = z
  .object({
    /** Part of the student's name, the email or a phone. */
    search: optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters')),
    status: optionalQueryValue(enquiryStatusSchema),
    form: optionalQueryValue(enquiryFormSchema),
    source: optionalQueryValue(enquirySourceSchema),
    /**
     * Open enquiries (new, contacted) by their follow-up day in the academy's calendar: today, before
     * today (overdue) or in the seven days from today (week); listed by that day, earliest first.
     */
    followUp: optionalQueryValue(z.enum(FOLLOW_UP_FILTERS, { error: `Follow-up must be one of: ${FOLLOW_UP_FILTERS.join(', ')}` })),
  })
  .extend(paginationQuerySchema.shape);
export type AdmissionEnquiryListQuery = z.input<typeof admissionEnquiryListQuerySchema>;

export const admissionEnquiryListSchema = z.object({ enquiries: z.array(admissionEnquirySchema), pagination: paginationSchema });
export type AdmissionEnquiryList = z.infer<typeof admissionEnquiryListSchema>;

/** GET /api/admission-enquiries/counts: how many enquiries are in each status (the sidebar shows `new`). */
export const enquiryCountsSchema = z.object({ new: z.number().int(), contacted: z.number().int(), admitted: z.number().int(), rejected: z.number().int(), lost: z.number().int() });
export type EnquiryCounts = z.infer<typeof enquiryCountsSchema>;

/**
 * The answer of a conversion: the new student (with their ID; no email when the enquiry's email already
 * belonged to a parent or a sibling, issue 21), the enquiry, now linked to it, and the parent linked.
 */
export const convertEnquiryResultSchema = z.object({
  student: z.object({ _id: z.uuid(), name: z.string(), email: z.string().nullable(), studentCode: z.string() }),
  /** The parent accounts the new student was linked to, when the enquiry's email was the family's. */
  parents: z.array(z.object({ _id: z.uuid(), name: z.string(), email: z.string() })),
  /**
   * Whose account already had the enquiry's email, so that the student was created without one: a
   * parent's, or a sibling's (a student converted earlier with the parent's email); null when nobody's.
   */
  emailOwner: z.object({ kind: z.enum(['parent', 'sibling']), name: z.string() }).nullable(),
  enquiry: admissionEnquirySchema,
  /** The batch the student was enrolled in, if one was chosen. */
  batch: namedRefSchema.nullable(),
  /**
   * The first password of a student made without an email (issue 54): they sign in with the student ID
   * and this. In this answer only, shown once to the office for the family (or printed on the sign-in
   * slip); the server keeps its hash. Null when the student was mailed a link to choose one.
   */
  firstPassword: z.string().nullable(),
  /**
   * How the family is told that the student is admitted and how to sign in: the channel of that message
   * (`email`: the set-your-password mail of a student with their own email), or null when nothing
   * reaches them (no email, and WhatsApp and SMS off or without a template for it): the office tells them.
   */
  familyToldBy: z.enum(['push', 'whatsapp', 'sms', 'email']).nullable(),
});
export type ConvertEnquiryResult = z.infer<typeof convertEnquiryResultSchema>;

/** The report's range may span at most this many days (two admission seasons and a bit). */
export const REPORT_MAX_DAYS = 731;
const REPORT_RANGE_MESSAGE = 'The "from" date must be on or before the "to" date';
const REPORT_SPAN_MESSAGE = 'Choose at most two years';

/** GET /api/admissions/report?from&to: the enquiries created in these academy days (both included). */
export const admissionsReportQuerySchema = z
  .object(
    {
      from: z.iso.date({ error: 'Enter the "from" date as YYYY-MM-DD' }),
      to: z.iso.date({ error: 'Enter the "to" date as YYYY-MM-DD' }),
    },
    { error: 'Give from and to dates' },
  )
  .refine((query) => query.from <= query.to, { message: REPORT_RANGE_MESSAGE, path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 <= REPORT_MAX_DAYS, { message: REPORT_SPAN_MESSAGE, path: ['to'] });
export type AdmissionsReportQuery = z.input<typeof admissionsReportQuerySchema>;

/** One line of the funnel: enquiries → contacted → demo → admitted. */
const funnelRowSchema = z.object({
  enquiries: z.number().int(),
  /** Ever contacted: moved past new, or a contact or a demo logged. */
  contacted: z.number().int(),
  /** Booked into at least one demo class. */
  demo: z.number().int(),
  /** Admitted now (an admission reopened later no longer counts). */
  admitted: z.number().int(),
  /** admitted / enquiries in %, one decimal; null without enquiries. */
  conversion: z.number().nullable(),
  /** Median days from the enquiry to its admission (academy days); null without admissions. */
  medianDaysToAdmit: z.number().nullable(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const admissionsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  total: funnelRowSchema,
  bySource: z.array(funnelRowSchema.extend({ source: enquirySourceSchema })),
  /** null standard: enquiries without one (a contact message, a family that did not know yet). */
  byStandard: z.array(funnelRowSchema.extend({ standard: standardRefSchema.nullable() })),
  /** Why enquiries of the range are rejected or lost now, most frequent first. */
  lostReasons: z.array(z.object({ reason: z.enum(LOST_REASONS), rejected: z.number().int(), lost: z.number().int(), total: z.number().int() })),
});
export type AdmissionsReport = z.infer<typeof admissionsReportSchema>;
