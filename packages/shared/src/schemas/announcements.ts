import { z } from 'zod';
import { calendarDateSchema, idListSchema, isoDateTimeSchema, namedRefSchema, optionalQueryValue, paginationQuerySchema, paginationSchema, requiredNameSchema } from './common';

export const ANNOUNCEMENT_TYPES = ['general', 'event', 'holiday', 'exam', 'emergency'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const ANNOUNCEMENT_PRIORITIES = ['low', 'medium', 'high'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'students', 'teachers', 'parents'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_STATUSES = ['active', 'scheduled', 'expired'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** Spec section 9: an announcement runs from 00:00 on its start date to 23:59 on its end date. */
export const ANNOUNCEMENT_START_TIME = '00:00';
export const ANNOUNCEMENT_END_TIME = '23:59';

/** Spec sections 5 and 8, word for word; the others follow them. */
export const ANNOUNCEMENT_MESSAGES = {
  datesRequired: 'Start date and end date are required',
  startDateInPast: 'Start date must be today or in the future',
  endBeforeStart: 'End date cannot be before start date',
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  deleted: 'Announcement deleted successfully',
  fetchFailed: 'Failed to fetch announcements',
  createFailed: 'Failed to create announcement',
  updateFailed: 'Failed to update announcement',
  deleteFailed: 'Failed to delete announcement',
  notFound: 'Announcement not found',
  unknownBatches: 'Choose batches from the list',
} as const;

/** scheduled before the start date, expired after the end date, else active ("today" in the academy's time zone). */
export function announcementStatus(today: string, startDate: string, endDate: string): AnnouncementStatus {
  if (today < startDate) return 'scheduled';
  if (today > endDate) return 'expired';
  return 'active';
}

/**
 * The start-date rule (spec section 5): not before today. An update may keep the start date the
 * announcement already has, even once it lies in the past (editing a running announcement).
 */
export function startDateError(startDate: string, today: string, keptStartDate?: string): string | undefined {
  if (startDate >= today || startDate === keptStartDate) return undefined;
  return ANNOUNCEMENT_MESSAGES.startDateInPast;
}

const isDate = (value: unknown): value is string => calendarDateSchema.safeParse(value).success;

const requiredDateSchema = z
  .string({ error: ANNOUNCEMENT_MESSAGES.datesRequired })
  .trim()
  .min(1, ANNOUNCEMENT_MESSAGES.datesRequired)
  .pipe(calendarDateSchema);

/** POST /api/announcements and PUT /api/announcements/{id}. Times may be sent but are always 00:00 and 23:59. */
export const announcementInputSchema = z
  .object({
    title: requiredNameSchema('Title', 200),
    content: z.string({ error: 'Content is required' }).trim().min(1, 'Content is required').max(5000, 'Content must be at most 5000 characters'),
    type: z.enum(ANNOUNCEMENT_TYPES, { error: 'Type must be general, event, holiday, exam or emergency' }).default('general'),
    priority: z.enum(ANNOUNCEMENT_PRIORITIES, { error: 'Priority must be low, medium or high' }).default('medium'),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: 'Audience must be everyone, students, teachers or parents' }).default('everyone'),
    /** Empty: the whole audience; else only the people of these batches (their students, their teachers). */
    batches: idListSchema('batches').default([]),
    /** A closure: no class on these dates for these batches (all batches when none is chosen). Optional, off by default. */
    closure: z.boolean({ error: 'Closure must be yes or no' }).default(false),
    startDate: requiredDateSchema,
    endDate: requiredDateSchema,
    startTime: z.literal(ANNOUNCEMENT_START_TIME, { error: `Start time is always ${ANNOUNCEMENT_START_TIME}` }).optional(),
    endTime: z.literal(ANNOUNCEMENT_END_TIME, { error: `End time is always ${ANNOUNCEMENT_END_TIME}` }).optional(),
  })
  // Compared only once both dates are real dates, so a missing one shows just its own message.
  .refine((input) => !isDate(input.startDate) || !isDate(input.endDate) || input.endDate >= input.startDate, {
    message: ANNOUNCEMENT_MESSAGES.endBeforeStart,
    path: ['endDate'],
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

/**
 * The form's schema: the input schema plus the start-date rule, which needs today (in the academy's
 * time zone) and, when editing, the start date the announcement already has.
 */
export function announcementFormSchema(today: string, keptStartDate?: string) {
  return announcementInputSchema.superRefine((input, context) => {
    if (!isDate(input.startDate)) return;
    const error = startDateError(input.startDate, today, keptStartDate);
    if (error) context.addIssue({ code: 'custom', message: error, path: ['startDate'] });
  });
}

export const announcementSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  content: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  batches: z.array(namedRefSchema),
  closure: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.literal(ANNOUNCEMENT_START_TIME),
  endTime: z.literal(ANNOUNCEMENT_END_TIME),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Announcement = z.infer<typeof announcementSchema>;

/** GET /api/announcements?status= */
export const announcementListQuerySchema = z.object({
  status: optionalQueryValue(z.enum(ANNOUNCEMENT_STATUSES, { error: 'Status must be active, scheduled or expired' })),
}).extend(paginationQuerySchema.shape);
export type AnnouncementListQuery = z.input<typeof announcementListQuerySchema>;

/** How many of the reader's announcements are in each status (the admin's filter tiles), whatever the page. */
export const announcementCountsSchema = z.object({ total: z.number().int(), active: z.number().int(), scheduled: z.number().int(), expired: z.number().int() });
export type AnnouncementCounts = z.infer<typeof announcementCountsSchema>;

/** A page of announcements, newest first, with the counts per status. */
export const announcementListSchema = z.object({ announcements: z.array(announcementSchema), pagination: paginationSchema, counts: announcementCountsSchema });
export type AnnouncementList = z.infer<typeof announcementListSchema>;

/** Closed dates (from closure announcements) as schedules carry them. */
export const closureSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  title: z.string(),
  /** Empty: every batch. */
  batchIds: z.array(z.uuid()),
});
export type Closure = z.infer<typeof closureSchema>;
