import { z } from 'zod';
import { emailSchema, languageSchema } from './auth';
import { calendarDateSchema, idSchema, namedRefSchema, optionalField, optionalPhoneSchema, optionalQueryValue, paginationQuerySchema, paginationSchema, requiredNameSchema, standardRefSchema } from './common';
import { optionalInitialPasswordSchema } from './teachers';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, preferredChannelSchema } from './messaging';

/** How a parent is related to their children (issue 21). */
export const PARENT_RELATIONS = ['mother', 'father', 'guardian', 'other'] as const;
export type ParentRelation = (typeof PARENT_RELATIONS)[number];
export const parentRelationSchema = z.enum(PARENT_RELATIONS, { error: 'Relation must be mother, father, guardian or other' });

export const PARENT_MESSAGES = {
  notFound: 'Parent not found',
  childNotFound: 'Child not found',
  linked: 'Parent linked',
  linkedInvited: 'Parent linked. A set-password link was emailed to them',
  unlinked: 'Parent unlinked',
  notAParent: 'This email belongs to an account that is not a parent',
  phoneOrEmail: "Enter the parent's mobile number or email",
  phoneTaken: 'This mobile number belongs to another parent',
  linkedNoInvite: 'Parent linked. They can sign in with a code sent to their phone',
  linkedWelcomed: 'Parent linked. How to sign in with a code was sent to their phone',
  alertNotFound: 'Alert not found',
  alertRetried: 'The alert will be sent again',
  alertNotFailed: 'Only a failed alert can be sent again',
} as const;

/**
 * POST /api/students/{id}/parents (admin): links the parent with this email or mobile number, or
 * creates one (mailed a set-password link when they have an email and no password is given; a
 * parent with only a phone signs in with a code sent to it). An existing parent keeps their name and
 * password; the phone, relation and channel given replace theirs.
 */
export const parentLinkInputSchema = z
  .object(
    {
      name: requiredNameSchema('Parent name'),
      email: optionalField(emailSchema, 'Enter a valid email address'),
      phone: optionalPhoneSchema,
      relation: parentRelationSchema.optional().default('guardian'),
      language: languageSchema.optional(),
      password: optionalInitialPasswordSchema,
      preferredChannel: preferredChannelSchema.nullable().optional(),
    },
    { error: 'Send the parent as an object' },
  )
  .refine((input) => Boolean(input.email || input.phone), { message: PARENT_MESSAGES.phoneOrEmail, path: ['phone'] });
export type ParentLinkInput = z.input<typeof parentLinkInputSchema>;

export const studentParentParamsSchema = z.object({ id: idSchema, parentId: idSchema });

/** A parent with their children (the office's views). */
export const parentSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  relation: parentRelationSchema,
  language: languageSchema,
  passwordSet: z.boolean(),
  /** Null: the default (WhatsApp when a phone is known, else email). */
  preferredChannel: preferredChannelSchema.nullable(),
  /** They replied STOP on WhatsApp, or asked the office: WhatsApp carries them nothing. */
  whatsappStopped: z.boolean(),
  children: z.array(namedRefSchema),
});
export type Parent = z.infer<typeof parentSchema>;

/** GET /api/parents (admin): search by name, email or phone; paged. */
export const parentListQuerySchema = z
  .object({ search: optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters')) })
  .extend(paginationQuerySchema.shape);
export type ParentListQuery = z.input<typeof parentListQuerySchema>;
export const parentListSchema = z.object({ parents: z.array(parentSchema), pagination: paginationSchema });
export type ParentList = z.infer<typeof parentListSchema>;

/** GET /api/parent/children: the signed-in parent's children, by name. */
export const parentChildSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  standard: standardRefSchema.nullable(),
  batches: z.array(namedRefSchema),
});
export type ParentChild = z.infer<typeof parentChildSchema>;

export const parentChildParamsSchema = z.object({ studentId: idSchema });

export const PARENT_MESSAGE_STATUSES = MESSAGE_STATUSES;
export type ParentMessageStatus = (typeof PARENT_MESSAGE_STATUSES)[number];

/** What a message to parents is about (`parent_messages.kind`). */
export const PARENT_MESSAGE_KINDS = ['absence', 'fee-reminder', 'fee-receipt', 'report-card'] as const;
export type ParentMessageKind = (typeof PARENT_MESSAGE_KINDS)[number];

/**
 * GET /api/admin/absence-alerts?date=YYYY-MM-DD (default today)&kind=: each message per parent and
 * channel. No kind (or `absence`): the day's absence alerts, as before; `all`: every message to
 * parents made that day (absence alerts, fee reminders and receipts, report cards) for the office's list.
 */
export const absenceAlertQuerySchema = z.object({
  date: optionalQueryValue(calendarDateSchema),
  kind: optionalQueryValue(z.enum([...PARENT_MESSAGE_KINDS, 'all'], { error: 'Choose absence, fee-reminder, fee-receipt, report-card or all' })),
});
export const absenceAlertSchema = z.object({
  _id: z.uuid(),
  kind: z.string(),
  child: namedRefSchema,
  parent: z.object({ _id: z.uuid(), name: z.string(), phone: z.string().nullable() }),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(PARENT_MESSAGE_STATUSES),
  /** When it was sent, or last changed. */
  at: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
});
export type AbsenceAlert = z.infer<typeof absenceAlertSchema>;
export const absenceAlertListSchema = z.object({ date: z.string(), alerts: z.array(absenceAlertSchema) });
export type AbsenceAlertList = z.infer<typeof absenceAlertListSchema>;
export const absenceAlertParamsSchema = z.object({ id: idSchema });
