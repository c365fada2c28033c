import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';

/**
 * The platform's operator (issue 55): signs in at the base domain, sees every academy's figures (counts
 * only, never a record), and suspends, resumes or closes an academy.
 */

export const ACADEMY_STATUSES = ['active', 'suspended', 'closed'] as const;
export type AcademyStatus = (typeof ACADEMY_STATUSES)[number];

/** POST /api/operator/login. */
export const operatorLoginInputSchema = z.object(
  {
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .pipe(z.email({ error: 'Enter a valid email address' }))
      .transform((email) => email.toLowerCase()),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Invalid email or password'),
  },
  { error: 'Email is required' },
);
export type OperatorLoginInput = z.input<typeof operatorLoginInputSchema>;

/** The signed-in operator (GET /api/operator/me). */
export const operatorSchema = z.object({ _id: z.uuid(), name: z.string(), email: z.string() });
export type Operator = z.infer<typeof operatorSchema>;

/** One academy as the operator's list shows it: its figures, never its records. */
export const operatorAcademySchema = z.object({
  slug: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  status: z.enum(ACADEMY_STATUSES),
  /** Active students. */
  students: z.number().int(),
  /** Active admin and teacher accounts. */
  staff: z.number().int(),
  /** Bytes of its stored files (DATA_DIR/files/<academy>). */
  storageBytes: z.number().int(),
  /** Messages to families sent since the first of this month. */
  messagesThisMonth: z.number().int(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** When its rows and files are removed (a closed academy only): 30 days after it was closed. */
  removalAt: z.string().nullable(),
  /** When the figures were counted. */
  countedAt: z.string().nullable(),
});
export type OperatorAcademy = z.infer<typeof operatorAcademySchema>;

export const operatorAcademyListSchema = z.object({ academies: z.array(operatorAcademySchema) });
export type OperatorAcademyList = z.infer<typeof operatorAcademyListSchema>;

/** The address of one academy's action: its slug. */
export const academySlugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/, 'Not an academy address'),
});

export const OPERATOR_ACTIONS = ['suspend', 'resume', 'close'] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** Days a closed academy's rows and files are kept before they are removed. */
export const CLOSED_ACADEMY_KEPT_DAYS = 30;

export const OPERATOR_MESSAGES = {
  suspended: 'The academy is suspended: its site and sign-ins show a notice, its records are kept.',
  resumed: 'The academy is open again.',
  closed: 'The academy is closed. Its records and files are removed after 30 days unless you resume it.',
  alreadyClosed: 'This academy is closed. Resume it first.',
  noAcademyAddress: 'This academy has no address of its own on this deployment.',
  duplicateEmail: 'An operator with this email already exists',
} as const;
