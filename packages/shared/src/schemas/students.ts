import { z } from 'zod';
import { gstStateInputSchema } from './gst';
import { emailSchema, languageSchema, newPasswordSchema } from './auth';
import { batchSummarySchema } from './batches';
import {
  BOARD_MESSAGE,
  BOARDS,
  calendarDateSchema,
  MEDIUM_MESSAGE,
  MEDIUMS,
  genderSchema,
  idSchema,
  isoDateTimeSchema,
  namedRefSchema,
  optionalDateSchema,
  optionalField,
  optionalPhoneSchema,
  optionalQueryValue,
  optionalTextSchema,
  paginationQuerySchema,
  paginationSchema,
  requiredNameSchema,
  standardRefSchema,
} from './common';
import { optionalInitialPasswordSchema } from './teachers';

/** `alumni` (issue 39): left from the last standard at a new academic year; kept, read-only, signed out like an archived student. */
export const STUDENT_STATUSES = ['active', 'archived', 'alumni'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const studentStatusSchema = z.enum(STUDENT_STATUSES, { error: 'Status must be active, archived or alumni' });

/** Server messages about students without an email (issue 21); translated in i18n/server-messages.ts. */
export const STUDENT_NO_EMAIL_MESSAGES = {
  passwordNeeded: 'A student without an email needs a first password: set one here and give it to the family',
  forgotPasswordById: 'Students who sign in with a student ID cannot reset the password by email. Please ask the academy office, or your parent, to set a new one.',
  /** POST /api/students/{id}/sign-in-slip on a student who cannot sign in (issue 42). */
  slipNotActive: 'This student cannot sign in (archived or left): restore them to active before printing a sign-in slip',
  slipBody: 'Send the new password for the sign-in slip',
} as const;

/**
 * POST /api/students/{id}/sign-in-slip (issue 42, point 8): sets this password (the student is signed
 * out everywhere) and answers the printable slip with it, so the password is never stored in clear
 * nor sent back later. `language` chooses the slip's language; the student's own when left out.
 */
export const studentSignInSlipInputSchema = z.object(
  {
    password: newPasswordSchema,
    language: languageSchema.optional(),
  },
  { error: STUDENT_NO_EMAIL_MESSAGES.slipBody },
);
export type StudentSignInSlipInput = z.input<typeof studentSignInSlipInputSchema>;


/**
 * A date of birth after today is refused by the API against the academy's own "today" (its time zone,
 * never this device's or UTC's clock): the schema, shared with the browser, knows no "today" (issue 79).
 */
export const DATE_OF_BIRTH_IN_PAST = 'Date of birth must be in the past';

const dateOfBirthSchema = optionalField(
  calendarDateSchema.refine((date) => date >= '1900-01-01', DATE_OF_BIRTH_IN_PAST),
  'Enter a date as YYYY-MM-DD',
);

const studentFields = {
  name: requiredNameSchema('Name'),
  /** Optional (issue 21): a student without an email signs in with the student ID; '' or null means none. */
  email: optionalField(emailSchema, 'Enter a valid email address'),
  /** Null when not given (issue 42, docs/decisions/040-unknown-stays-empty.md): nothing is made up. */
  gender: genderSchema.nullable(),
  address: optionalTextSchema('Address', 300),
  phone: optionalPhoneSchema,
  parentName: optionalField(requiredNameSchema('Parent name'), 'Parent name must be text'),
  parentPhone: optionalPhoneSchema,
  parentEmail: optionalField(emailSchema, 'Enter a valid email address'),
  dateOfBirth: dateOfBirthSchema,
  /** The standard's `_id`, or null for none. */
  standard: idSchema.nullable(),
  school: optionalTextSchema('School', 200),
  /** The school's board and medium (issue 39); '' or null for not known. */
  board: optionalField(z.enum(BOARDS, { error: BOARD_MESSAGE }), BOARD_MESSAGE),
  medium: optionalField(z.enum(MEDIUMS, { error: MEDIUM_MESSAGE }), MEDIUM_MESSAGE),
  admissionDate: optionalDateSchema,
  status: studentStatusSchema,
};

/**
 * POST /api/students. The name is required; the email is optional (issue 21,
 * docs/decisions/021-parents-and-absence-alerts.md, addendum "Students without an email"); gender and
 * address left out stay empty (decision 040, not the spec's "male" and "Default Address"); phones are optional but must be Indian mobile numbers when given. Without a password the
 * student is mailed a link to choose one; a student without an email needs a password (the office sets
 * the first one). admissionDate defaults to today.
 */
export const studentCreateInputSchema = z.object(
  {
    ...studentFields,
    password: optionalInitialPasswordSchema,
    /** The account's language (its welcome mail and screens); English when left out. */
    language: languageSchema.optional(),
    gender: studentFields.gender.optional(),
    standard: studentFields.standard.optional(),
    status: studentFields.status.optional(),
    /** The student's state (issue 57): its name or two-digit GST code; left out, the academy's state. */
    state: gstStateInputSchema,
  },
  { error: 'Send the student as an object' },
).superRefine((input, context) => {
  if (!input.email && !input.password) context.addIssue({ code: 'custom', path: ['password'], message: STUDENT_NO_EMAIL_MESSAGES.passwordNeeded });
});
export type StudentCreateInput = z.input<typeof studentCreateInputSchema>;

/**
 * PUT /api/students/{id}: only the fields sent change ('' or null clears an optional one, gender
 * and address included: unknown stays empty, decision 040). Status `archived` archives like DELETE; `active` restores the
 * student and their sign-in. A password replaces the current one and signs the student out everywhere.
 */
export const studentUpdateInputSchema = z
  .object(studentFields, { error: 'Send the student as an object' })
  .partial()
  .extend({
    password: optionalInitialPasswordSchema,
    /** The student's state (issue 57: a tax invoice's place of supply): its name or two-digit GST code; '' or null clears it (the academy's state). */
    state: gstStateInputSchema,
  });
export type StudentUpdateInput = z.input<typeof studentUpdateInputSchema>;

export const studentSchema = z.object({
  _id: z.uuid(),
  /** The student's ID (issue 21), e.g. LAT-2026-0042; signs in like an email. */
  studentCode: z.string(),
  name: z.string(),
  /** Null for a student without an email (issue 21). */
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Null: not given (shown as "Not given"). */
  gender: genderSchema.nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  parentName: z.string().nullable(),
  parentPhone: z.string().nullable(),
  parentEmail: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  standard: standardRefSchema.nullable(),
  school: z.string().nullable(),
  board: z.enum(BOARDS).nullable(),
  medium: z.enum(MEDIUMS).nullable(),
  admissionDate: z.string(),
  status: studentStatusSchema,
  /** The state's two-digit GST code (issue 57); null: the academy's state. */
  state: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Student = z.infer<typeof studentSchema>;

/** A row of the admin's student list: the student and the names of their batches. */
export const studentListItemSchema = studentSchema.extend({ batches: z.array(namedRefSchema) });
export type StudentListItem = z.infer<typeof studentListItemSchema>;

/** GET /api/students/{id}: the student, their batches in full, and their account. */
export const studentDetailSchema = studentSchema.extend({
  batches: z.array(batchSummarySchema),
  passwordSet: z.boolean(),
  lastLoginAt: isoDateTimeSchema.nullable(),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const STUDENT_SORTS = ['name', 'createdAt', 'standardLevel'] as const;

/** The filters of GET /api/students and GET /api/students/export.csv. */
export const studentFilterQuerySchema = z.object({
  /** Part of the name, email, student ID, phone or parent's phone. */
  search: optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters')),
  standardId: optionalQueryValue(z.uuid({ error: 'Invalid standard id' })),
  batchId: optionalQueryValue(z.uuid({ error: 'Invalid batch id' })),
  /** Default `active`; `all` shows archived students and alumni too. */
  status: optionalQueryValue(z.enum([...STUDENT_STATUSES, 'all'], { error: 'Status must be active, archived, alumni or all' })).transform((status) => status ?? 'active'),
  sort: optionalQueryValue(z.enum(STUDENT_SORTS, { error: 'Sort by name, createdAt or standardLevel' })).transform((sort) => sort ?? 'name'),
  order: optionalQueryValue(z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' })).transform((order) => order ?? 'asc'),
});
export type StudentFilterQuery = z.input<typeof studentFilterQuerySchema>;

/** GET /api/students: the filters plus `?page=&limit=` (default 1 and 20, limit at most 100). */
export const studentListQuerySchema = studentFilterQuerySchema.extend(paginationQuerySchema.shape);
export type StudentListQuery = z.input<typeof studentListQuerySchema>;

export const studentListSchema = z.object({ students: z.array(studentListItemSchema), pagination: paginationSchema });
export type StudentList = z.infer<typeof studentListSchema>;
