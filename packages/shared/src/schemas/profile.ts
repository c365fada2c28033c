import { z } from 'zod';
import { MESSAGES } from '../messages';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, roleSchema } from './auth';
import { batchSummarySchema } from './batches';
import { avatarUrlSchema, genderSchema, isoDateTimeSchema, optionalPhoneSchema, optionalTextSchema, requiredNameSchema, standardRefSchema, subjectRefSchema } from './common';
import { studentSchema } from './students';
import { teacherStatusSchema } from './teachers';

/**
 * PUT /api/student/profile: a student changes only these three. Any other field in the body (name,
 * email, standard, status…) is refused with 400 naming it, so a form cannot silently lose an edit.
 */
export const studentProfileUpdateSchema = z.strictObject(
  {
    phone: optionalPhoneSchema,
    address: optionalTextSchema('Address', 300),
    avatarUrl: avatarUrlSchema,
  },
  { error: MESSAGES.fieldNotEditable },
);
export type StudentProfileUpdate = z.input<typeof studentProfileUpdateSchema>;

/** GET /api/student/details: the profile, the standard with its subjects, and the student's batches. */
export const studentDetailsSchema = z.object({
  profile: studentSchema,
  standard: standardRefSchema.extend({ subjects: z.array(subjectRefSchema) }).nullable(),
  batches: z.array(batchSummarySchema),
});
export type StudentDetails = z.infer<typeof studentDetailsSchema>;

/** PUT /api/auth/password and PUT /api/student/password. */
export const changePasswordInputSchema = z
  .object(
    {
      currentPassword: z
        .string({ error: 'Current password is required' })
        .min(1, 'Current password is required')
        .max(PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordIncorrect),
      newPassword: newPasswordSchema,
    },
    { error: 'Current password is required' },
  )
  .refine((input) => input.currentPassword !== input.newPassword, { message: 'The new password must be different from the current one', path: ['newPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** The change-password form: the new password typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm the new password' }).min(1, 'Please confirm the new password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { message: 'The passwords do not match', path: ['confirmPassword'] })
  .refine((form) => form.currentPassword !== form.newPassword, { message: 'The new password must be different from the current one', path: ['newPassword'] });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** GET/PUT /api/auth/profile (admins and teachers): the account, and for a teacher their teacher record. */
export const userProfileSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  avatarUrl: z.string().nullable(),
  lastLoginAt: isoDateTimeSchema.nullable(),
  teacher: z
    .object({
      _id: z.uuid(),
      phone: z.string().nullable(),
      address: z.string(),
      qualification: z.string(),
      subjects: z.array(subjectRefSchema),
      joiningDate: z.string().nullable(),
      gender: genderSchema.nullable(),
      status: teacherStatusSchema,
    })
    .nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * PUT /api/auth/profile: only the fields sent change. Everyone: name, avatarUrl; teachers also phone
 * and address (an admin sending them gets 400). Anything else is refused with 400 naming the field.
 */
export const userProfileUpdateSchema = z.strictObject({
  name: requiredNameSchema('Name').optional(),
  avatarUrl: avatarUrlSchema,
  phone: optionalPhoneSchema,
  address: optionalTextSchema('Address', 300),
});
export type UserProfileUpdate = z.input<typeof userProfileUpdateSchema>;
