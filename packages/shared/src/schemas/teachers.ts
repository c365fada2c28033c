import { z } from 'zod';
import { emailSchema, languageSchema, newPasswordSchema } from './auth';
import {
  genderSchema,
  idListSchema,
  isoDateTimeSchema,
  namedRefSchema,
  optionalDateSchema,
  optionalPhoneSchema,
  optionalQueryValue,
  optionalTextSchema,
  requiredNameSchema,
  standardRefSchema,
  subjectRefSchema,
} from './common';

export const TEACHER_STATUSES = ['active', 'inactive', 'on_leave'] as const;
export type TeacherStatus = (typeof TEACHER_STATUSES)[number];
export const teacherStatusSchema = z.enum(TEACHER_STATUSES, { error: 'Status must be active, inactive or on_leave' });

/**
 * A password the admin types for a new account (usable at once). Left empty, the person gets a mail
 * with a link to choose their own.
 */
export const optionalInitialPasswordSchema = z
  .string({ error: 'Password must be text' })
  .nullable()
  .optional()
  .transform((value) => value || undefined)
  .pipe(newPasswordSchema.optional());

const teacherFields = {
  name: requiredNameSchema('Name'),
  email: emailSchema,
  phone: optionalPhoneSchema,
  qualification: optionalTextSchema('Qualification', 200),
  subjects: idListSchema('subjects'),
  joiningDate: optionalDateSchema,
  address: optionalTextSchema('Address', 300),
  gender: genderSchema.nullable().optional(),
  status: teacherStatusSchema,
};

/** POST /api/teachers. Only name and email are required; `subjects` holds subject ids. */
export const teacherCreateInputSchema = z.object(
  {
    ...teacherFields,
    password: optionalInitialPasswordSchema,
    /** The account's language (its welcome mail and screens); English when left out. */
    language: languageSchema.optional(),
    subjects: teacherFields.subjects.optional(),
    status: teacherFields.status.optional(),
  },
  { error: 'Send the teacher as an object' },
);
export type TeacherCreateInput = z.input<typeof teacherCreateInputSchema>;

/**
 * PUT /api/teachers/{id}: only the fields sent change ('' or null clears an optional one). A password
 * replaces the current one and signs the teacher out everywhere. Status `inactive` disables the account
 * (sessions end, sign-in refused); `active` or `on_leave` enables it again.
 */
export const teacherUpdateInputSchema = z
  .object(teacherFields, { error: 'Send the teacher as an object' })
  .partial()
  .extend({ password: optionalInitialPasswordSchema });
export type TeacherUpdateInput = z.input<typeof teacherUpdateInputSchema>;

export const teacherSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  phone: z.string().nullable(),
  qualification: z.string(),
  subjects: z.array(subjectRefSchema),
  joiningDate: z.string().nullable(),
  address: z.string(),
  gender: genderSchema.nullable(),
  status: teacherStatusSchema,
  /** How many batches the teacher has (a teacher with batches cannot be deleted). */
  batchCount: z.number().int(),
  /** False until the teacher has chosen a password through the mailed link. */
  passwordSet: z.boolean(),
  lastLoginAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Teacher = z.infer<typeof teacherSchema>;

/** GET /api/teachers?search=&status=&subjectId= (all optional). */
export const teacherListQuerySchema = z.object({
  search: optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters')),
  status: optionalQueryValue(teacherStatusSchema),
  subjectId: optionalQueryValue(z.uuid({ error: 'Invalid subject id' })),
});
export type TeacherListQuery = z.input<typeof teacherListQuerySchema>;

/** `{id}` of /api/teachers/{id}/…: the teacher's `_id`, or `me` for the signed-in teacher. */
export const teacherIdParamsSchema = z.object({ id: z.union([z.literal('me'), z.uuid()], { error: 'Invalid id' }) });

/** GET /api/teachers/{id}/students?search= */
export const teacherStudentsQuerySchema = z.object({
  search: optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters')),
});

/** One of the teacher's students, with the teacher's batches the student is in. */
export const teacherStudentSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** Null for a student without an email (issue 21). */
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  phone: z.string().nullable(),
  parentName: z.string().nullable(),
  parentPhone: z.string().nullable(),
  standard: standardRefSchema.nullable(),
  batches: z.array(namedRefSchema),
});
export type TeacherStudent = z.infer<typeof teacherStudentSchema>;
