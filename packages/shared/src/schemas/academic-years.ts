import { z } from 'zod';
import { isAcademicYearName } from '../calendar';
import { calendarDateSchema, isoDateTimeSchema, optionalQueryValue, standardRefSchema } from './common';

/**
 * The new academic year (issue 39; docs/decisions/033-the-new-academic-year.md): the rollover's body and
 * answers, the rollovers done and the current year. A year is named "2026-27" (1 June – 31 May).
 */

/** What the rollover says (English; Marathi and Hindi in i18n/server-messages.ts). */
export const ACADEMIC_YEAR_MESSAGES = {
  sameStudent: 'A student cannot both repeat the standard and leave: choose one',
  unknownStudents: 'Some of the chosen students are not active students: refresh the page and choose again',
  alreadyRolled: 'The academic year {year} was already moved on: undo that rollover first to do it again',
  laterYearRolled: 'The academic year {year} was already started: a year before it cannot be moved on now',
  futureYear: 'The academic year {year} has not begun yet: choose a date in the current year for the end of its batches',
  notFound: 'This rollover was not found',
  alreadyUndone: 'This rollover was already undone',
  notLatest: 'Only the latest rollover can be undone',
  changedSince: 'The new year has begun: changes were made after the rollover ({count}), so it can no longer be undone',
  duesPaid: 'A previous year balance has been paid or reduced since the rollover, so it can no longer be undone',
  batchArchived: 'This batch belongs to a past academic year and is archived: students cannot be added to it',
  attendanceArchived: 'This batch belongs to a past academic year and is archived: attendance cannot be marked',
  alumniReadOnly: 'This student has left as an alumnus and is read-only: restore them to active first to change anything',
  yearQuery: 'Year must be an academic year like 2026-27',
} as const;

/**
 * `?year=2025-26`: the year switcher of the dashboard, the fee report and the dues list (issue 39).
 * Without it they show the current academic year (the dues list: every open due, whatever its year).
 */
export const academicYearQuerySchema = z.object({
  year: optionalQueryValue(z.string().refine(isAcademicYearName, ACADEMIC_YEAR_MESSAGES.yearQuery)),
});

/**
 * GET /api/admin/dashboard/year?year=: an academic year at a glance (the dashboard's year card). Its
 * batches are those that started in it (as the batch list's switcher); its money, the receipts dated
 * in it and the dues falling due in it. Amounts in rupees.
 */
export const yearSummarySchema = z.object({
  year: z.string(),
  current: z.boolean(),
  batches: z.number().int(),
  /** Students enrolled in the year's batches, whatever they are now (alumni included). */
  students: z.number().int(),
  attendance: z.object({ total: z.number().int(), percentage: z.number().nullable() }),
  tests: z.number().int(),
  enquiries: z.number().int(),
  admitted: z.number().int(),
  fees: z.object({ billed: z.number(), concession: z.number(), collected: z.number(), outstanding: z.number(), carriedOver: z.number() }),
});
export type YearSummary = z.infer<typeof yearSummarySchema>;

const studentIdsSchema = z
  .array(z.uuid({ error: 'Each student must be an id from the list' }), { error: 'Send the students as a list of ids' })
  .max(10_000, 'Too many students in one list')
  .optional()
  .transform((ids) => [...new Set(ids ?? [])]);

/** POST /api/academic-years/rollover[?dryRun=true]. */
export const rolloverInputSchema = z
  .object(
    {
      /** The day last year's batches end on; the year it falls in is the one moved on. */
      batchesEndOn: calendarDateSchema,
      /** Students who stay in their standard. */
      repeat: studentIdsSchema,
      /** Students who leave the academy (archived). */
      leave: studentIdsSchema,
    },
    { error: 'Send the rollover as an object with batchesEndOn' },
  )
  .superRefine((input, context) => {
    const leaving = new Set(input.leave);
    if (input.repeat.some((id) => leaving.has(id))) context.addIssue({ code: 'custom', path: ['repeat'], message: ACADEMIC_YEAR_MESSAGES.sameStudent });
  });
export type RolloverInput = z.input<typeof rolloverInputSchema>;

export const rolloverQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).optional(),
});

/** What a rollover does (the dry run) or did. Amounts in rupees. */
export const rolloverSummarySchema = z.object({
  fromYear: z.string(),
  toYear: z.string(),
  promoted: z.number().int(),
  alumni: z.number().int(),
  repeating: z.number().int(),
  leaving: z.number().int(),
  batchesArchived: z.number().int(),
  balancesCarried: z.number().int(),
  amountCarried: z.number(),
  byStandard: z.array(z.object({ from: z.string(), to: z.string().nullable(), count: z.number().int() })),
});
export type RolloverSummary = z.infer<typeof rolloverSummarySchema>;

export const rolloverResultSchema = rolloverSummarySchema.extend({ rolloverId: z.uuid() });
export type RolloverResult = z.infer<typeof rolloverResultSchema>;

/** GET /api/academic-years: the current year, the rollovers done (newest first), and the active students to pick exceptions from. */
export const academicYearsSchema = z.object({
  currentYear: z.string(),
  rollovers: z.array(
    rolloverSummarySchema.extend({
      _id: z.uuid(),
      batchesEndOn: z.string(),
      createdBy: z.string().nullable(),
      createdAt: isoDateTimeSchema,
      undoneAt: isoDateTimeSchema.nullable(),
    }),
  ),
  students: z.array(z.object({ _id: z.uuid(), name: z.string(), studentCode: z.string(), standard: standardRefSchema.nullable() })),
});
export type AcademicYears = z.infer<typeof academicYearsSchema>;
