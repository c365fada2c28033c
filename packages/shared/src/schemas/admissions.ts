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

/**
 * Admission enquiries ("new registrations"): the public /admission form (email proven by a one-time
 * code), the short /contact form, and the admin's pipeline new → contacted → admitted | rejected.
 */

export const ENQUIRY_STATUSES = ['new', 'contacted', 'admitted', 'rejected'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** `office`: a walk-in or phone enquiry the office recorded itself (no email code). */
export const ENQUIRY_SOURCES = ['admission', 'contact', 'office'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

/**
 * The only moves of the pipeline. The office calls the family before deciding, so a new enquiry is
 * first `contacted`; admitted and rejected are the decisions (the web app confirms them), and a
 * mistaken decision is reopened back to `contacted`, which the status history shows. An enquiry that
 * already became a student is not reopened (the server refuses it).
 */
export const ENQUIRY_TRANSITIONS: Record<EnquiryStatus, readonly EnquiryStatus[]> = {
  new: ['contacted'],
  contacted: ['admitted', 'rejected'],
  admitted: ['contacted'],
  rejected: ['contacted'],
};

export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = { new: 'New', contacted: 'Contacted', admitted: 'Admitted', rejected: 'Rejected' };
export const ENQUIRY_SOURCE_LABELS: Record<EnquirySource, string> = { admission: 'Admission form', contact: 'Contact form', office: 'Added by the office' };

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
  calendarDateSchema.refine((date) => date >= '1990-01-01' && date <= new Date().toISOString().slice(0, 10), 'Date of birth must be in the past'),
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
export const admissionEnquiryInputSchema = admissionEnquiryFields
  .extend({
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
export const admissionEnquiryUpdateInputSchema = z
  .object(enquiryFields, { error: 'Send the enquiry as an object' })
  .extend({ email: optionalField(emailSchema, 'Enter a valid email address'), phone: optionalPhoneSchema })
  .partial()
  .extend({ notes: optionalTextSchema('Notes', 5000) });
export type AdmissionEnquiryUpdateInput = z.input<typeof admissionEnquiryUpdateInputSchema>;

/**
 * POST /api/admission-enquiries/office (admin): a walk-in or phone enquiry the office types in
 * itself. No email code (the office spoke to the family); only the student's name and a phone are
 * required, as a family at the counter may not have an email or know the standard yet.
 */
export const officeEnquiryInputSchema = z
  .object(enquiryFields, { error: 'Send the enquiry as an object' })
  .extend({ email: optionalField(emailSchema, 'Enter a valid email address'), notes: optionalTextSchema('Notes', 5000) });
export type OfficeEnquiryInput = z.input<typeof officeEnquiryInputSchema>;

export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES, { error: `Status must be one of: ${ENQUIRY_STATUSES.join(', ')}` });
export const enquiryStatusInputSchema = z.object({ status: enquiryStatusSchema }, { error: 'Status is required' });
export type EnquiryStatusInput = z.input<typeof enquiryStatusInputSchema>;

/** POST /api/admission-enquiries/{id}/convert: optionally enrols the new student in a batch. */
export const convertEnquiryInputSchema = z.object({ batchId: idSchema.nullable().optional() }, { error: 'Send an object' });
export type ConvertEnquiryInput = z.input<typeof convertEnquiryInputSchema>;

export const admissionEnquirySchema = z.object({
  _id: z.uuid(),
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
  source: z.enum(ENQUIRY_SOURCES),
  status: enquiryStatusSchema,
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
    z.object({ _id: z.uuid(), studentName: z.string(), status: enquiryStatusSchema, source: z.enum(ENQUIRY_SOURCES), createdAt: isoDateTimeSchema, matchedOn: matchedOnSchema }),
  ),
});
export type EnquiryDuplicates = z.infer<typeof enquiryDuplicatesSchema>;

/** GET /api/admission-enquiries/{id}: the enquiry, its history (oldest first) and duplicate hints. */
export const admissionEnquiryDetailSchema = admissionEnquirySchema.extend({
  history: z.array(enquiryStatusChangeSchema),
  duplicates: enquiryDuplicatesSchema,
  /** Where it can move next (empty once admitted or rejected). */
  allowedStatuses: z.array(enquiryStatusSchema),
});
export type AdmissionEnquiryDetail = z.infer<typeof admissionEnquiryDetailSchema>;

/** GET /api/admission-enquiries: newest first. */
export const admissionEnquiryListQuerySchema = z
  .object({
    /** Part of the student's name, the email or a phone. */
    search: optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters')),
    status: optionalQueryValue(enquiryStatusSchema),
    source: optionalQueryValue(z.enum(ENQUIRY_SOURCES, { error: `Source must be one of: ${ENQUIRY_SOURCES.join(', ')}` })),
  })
  .extend(paginationQuerySchema.shape);
export type AdmissionEnquiryListQuery = z.input<typeof admissionEnquiryListQuerySchema>;

export const admissionEnquiryListSchema = z.object({ enquiries: z.array(admissionEnquirySchema), pagination: paginationSchema });
export type AdmissionEnquiryList = z.infer<typeof admissionEnquiryListSchema>;

/** GET /api/admission-enquiries/counts: how many enquiries are in each status (the sidebar shows `new`). */
export const enquiryCountsSchema = z.object({ new: z.number().int(), contacted: z.number().int(), admitted: z.number().int(), rejected: z.number().int() });
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
});
export type ConvertEnquiryResult = z.infer<typeof convertEnquiryResultSchema>;
