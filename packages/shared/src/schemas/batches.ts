import { isAcademicYearName } from '../calendar';
import { z } from 'zod';
import { closureSchema } from './announcements';
import { calendarDateSchema, idSchema, isoDateTimeSchema, namedRefSchema, optionalQueryValue, optionalTextSchema, personRefSchema, requiredNameSchema, standardRefSchema, subjectRefSchema } from './common';
import { WEEKDAYS } from '../schedule';
import { BATCH_DELIVERIES } from '../gst';

/** A batch's delivery, as sent (decision 062: it decides a tax invoice's place of supply). */
export const BATCH_DELIVERY_MESSAGE = 'Delivery must be classroom or online';

/** A batch's weekly schedule; times 'HH:MM' (24-hour) in the academy's time zone. */
export const batchScheduleSchema = z.object({
  days: z.array(z.enum(WEEKDAYS)),
  startTime: z.string(),
  endTime: z.string(),
});
export type BatchSchedule = z.infer<typeof batchScheduleSchema>;

/**
 * A batch as lists outside the batch screens show it (a teacher's batches, a student's batches).
 * `enrolledCount` counts active students only; `seatsLeft` = capacity − enrolledCount (never below 0).
 */
export const batchSummarySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  standard: standardRefSchema,
  subject: subjectRefSchema,
  teacher: personRefSchema,
  schedule: batchScheduleSchema,
  scheduleText: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  capacity: z.number().int(),
  enrolledCount: z.number().int(),
  seatsLeft: z.number().int(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

/** 'HH:mm', 24-hour. */
export const batchTimeSchema = z.string({ error: 'Enter a time as HH:mm' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:mm (24-hour)');

export const BATCH_STATUSES = ['upcoming', 'active', 'completed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** The schedule a form sends: at least one day, each once; end after start. */
export const BATCH_SCHEDULE_REQUIRED = 'Choose the days and the start and end times of the classes';
export const batchScheduleInputSchema = z
  .object({
    days: z
      .array(z.enum(WEEKDAYS, { error: 'Days must be mon, tue, wed, thu, fri, sat or sun' }), { error: 'Choose at least one day' })
      .min(1, 'Choose at least one day')
      .refine((days) => new Set(days).size === days.length, 'Choose each day only once'),
    startTime: batchTimeSchema,
    endTime: batchTimeSchema,
  }, { error: BATCH_SCHEDULE_REQUIRED })
  .refine((schedule) => schedule.endTime > schedule.startTime, { message: 'End time must be after start time', path: ['endTime'] });

/** POST /api/batches and PUT /api/batches/{id}: references are ids. */
export const batchInputSchema = z
  .object({
    name: requiredNameSchema('Name'),
    standard: z.uuid({ error: 'Choose a standard from the list' }),
    subject: z.uuid({ error: 'Choose a subject from the list' }),
    teacher: z.uuid({ error: 'Choose a teacher from the list' }),
    schedule: batchScheduleInputSchema,
    startDate: calendarDateSchema,
    endDate: calendarDateSchema,
    capacity: z
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be between 1 and 500')
      .max(500, 'Capacity must be between 1 and 500'),
    description: optionalTextSchema('Description', 2000),
    /** Taught in the classroom (default) or online (decision 062); left out of a PUT, it stays as it was. */
    delivery: z.enum(BATCH_DELIVERIES, { error: BATCH_DELIVERY_MESSAGE }).optional(),
  })
  .refine((input) => input.endDate >= input.startDate, { message: 'End date cannot be before start date', path: ['endDate'] });
export type BatchInput = z.input<typeof batchInputSchema>;

/** `?populate=enrolledStudents,standard,subject`: only enrolledStudents changes the shape (see batchSchema). */
const populateSchema = optionalQueryValue(z.string().max(200)).transform((value) => new Set((value ?? '').split(',').map((part) => part.trim())));
/** `?virtuals=true` is accepted for compatibility; virtuals are always included. */
const virtualsSchema = optionalQueryValue(z.enum(['true', 'false'], { error: 'virtuals must be true or false' }));

/** GET /api/batches?populate=&search=&standardId=&subjectId=&teacherId=&status= */
export const BATCH_YEAR_MESSAGE = 'Year must be an academic year like 2026-27, or all';

export const batchListQuerySchema = z.object({
  populate: populateSchema,
  virtuals: virtualsSchema,
  search: optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters')),
  standardId: optionalQueryValue(idSchema),
  subjectId: optionalQueryValue(idSchema),
  teacherId: optionalQueryValue(idSchema),
  status: optionalQueryValue(z.enum(BATCH_STATUSES, { error: 'Status must be upcoming, active or completed' })),
  /** The academic year switcher (issue 39): "2026-27" (batches started in it) or `all`; without it, archived batches are left out. */
  year: optionalQueryValue(z.string().refine((year) => year === 'all' || isAcademicYearName(year), BATCH_YEAR_MESSAGE)),
});

/** GET /api/batches/{id}?populate=&virtuals= */
export const batchDetailQuerySchema = z.object({ populate: populateSchema, virtuals: virtualsSchema });

/** GET /api/batches/by-subject?subjectId= */
export const batchesBySubjectQuerySchema = z.object({ subjectId: idSchema, populate: populateSchema });

/**
 * How a batch's fee plan applies to a student who joins after some of its instalments were due
 * (issue 42, decision 039): `shift`, those instalments fall due on the joining date plus the grace
 * days of Settings; `prorate`, they are dropped and the plan is charged for the months left.
 */
export const LATE_JOIN_RULES = ['shift', 'prorate'] as const;
export type LateJoinRule = (typeof LATE_JOIN_RULES)[number];
export const lateJoinSchema = z.enum(LATE_JOIN_RULES, { error: 'lateJoin must be shift or prorate' });

/** PUT /api/batches/{id}/students/{studentId}/add?confirm=true&lateJoin=prorate */
export const batchStudentParamsSchema = z.object({ id: idSchema, studentId: idSchema });
export const batchEnrolQuerySchema = z.object({
  confirm: optionalQueryValue(z.enum(['true', 'false'], { error: 'confirm must be true or false' })),
  lateJoin: optionalQueryValue(lateJoinSchema).describe(
    'How the batch\'s fee plans treat instalments due before the joining date (today): "shift" (default) makes them ' +
      'due on the joining date plus the grace days of Settings; "prorate" drops them and charges the plan for the months ' +
      'left of the batch (plan total × months left ÷ batch months, whole rupees), spread over the remaining instalments.',
  ),
});
/** PUT /batches/{id}/students/{studentId}/remove?cancelDues=true also cancels the student's unpaid dues of the batch. */
export const batchRemoveQuerySchema = z.object({ cancelDues: optionalQueryValue(z.enum(['true', 'false'], { error: 'cancelDues must be true or false' })) });

/** How many students one bulk enrolment or move may name (a batch holds at most 500). */
export const BULK_STUDENTS_MAX = 500;

/** The students of a bulk enrolment or move: 1–500 ids, each once. */
const bulkStudentIdsSchema = z
  .array(z.uuid({ error: 'Choose students from the list' }), { error: 'Send the students as a list' })
  .min(1, 'Choose at least one student')
  .max(BULK_STUDENTS_MAX, `Choose at most ${BULK_STUDENTS_MAX} students at once`)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/batches/{id}/students: enrols every student in one transaction, or none. Those already in
 * the batch are skipped; a timetable clash is accepted with `confirm: true`; `lateJoin` as for one student.
 */
export const batchBulkEnrolInputSchema = z.object(
  {
    studentIds: bulkStudentIdsSchema,
    confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
    /** As the single enrolment's `lateJoin` (decision 039); left out: `shift`. */
    lateJoin: lateJoinSchema.optional().describe('How the fee plans treat instalments due before today: "shift" (default) or "prorate" (decision 039).'),
  },
  { error: 'Send an object' },
);
export type BatchBulkEnrolInput = z.input<typeof batchBulkEnrolInputSchema>;

/**
 * POST /api/batches/{id}/students/move: takes the students out of this batch and enrols them in
 * `toBatchId`, in one transaction. Their attendance, marks and receipts stay; `cancelDues` also cancels
 * their dues of this batch that nothing has paid.
 */
export const batchMoveInputSchema = z.object(
  {
    studentIds: bulkStudentIdsSchema,
    toBatchId: z.uuid({ error: 'Choose the batch to move them to' }),
    cancelDues: z.boolean({ error: 'cancelDues must be true or false' }).optional(),
    confirm: z.boolean({ error: 'confirm must be true or false' }).optional(),
  },
  { error: 'Send an object' },
);
export type BatchMoveInput = z.input<typeof batchMoveInputSchema>;

/**
 * A bulk enrolment or move refused: nothing changed, and the answer (409) says why in its `errors`,
 * one entry per student: `students.{studentId}` for a student who cannot be enrolled or moved at all
 * (archived, unknown, not in the batch), `clash.{studentId}` for a timetable clash (accepted with
 * `confirm: true`), and `capacity` when the batch has too few seats for all of them.
 */
export const BULK_REFUSAL_KEYS = { student: 'students.', clash: 'clash.', capacity: 'capacity' } as const;

/** An enrolled student as `?populate=enrolledStudents` shows them. */
export const enrolledStudentSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** Null for a student without an email (issue 21). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  parentPhone: z.string().nullable(),
  standard: standardRefSchema.nullable(),
});
export type EnrolledStudent = z.infer<typeof enrolledStudentSchema>;

/**
 * A batch as the batch screens get it. standard, subject and teacher are always objects; the
 * virtuals (enrolledCount, seatsLeft, isFull, scheduleText, status) are always present.
 * `enrolledStudents` lists ACTIVE students: ids, or objects with `?populate=enrolledStudents`. It
 * comes with ONE batch (`GET /batches/{id}`, the enrolment answers) and is left out of the lists
 * (`GET /batches`, `/batches/by-subject`, with or without populate): at 150 batches every roster was
 * 12,000 students (decision 012); a list has `enrolledCount`.
 */
export const batchSchema = batchSummarySchema.extend({
  description: z.string(),
  /** Taught in the classroom or online (decision 062): a tax invoice's place of supply follows it. */
  delivery: z.enum(BATCH_DELIVERIES),
  enrolledStudents: z.union([z.array(z.uuid()), z.array(enrolledStudentSchema)]).optional(),
  isFull: z.boolean(),
  /** Ended with its academic year by a rollover (issue 39): kept with its records, no new students or attendance. */
  archived: z.boolean(),
  status: z.enum(BATCH_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;

/** POST /api/batches/{id}/students: the batch (ids of its students) and what was done. */
export const batchBulkEnrolResultSchema = z.object({
  batch: batchSchema,
  /** Students enrolled now. */
  enrolled: z.number().int(),
  /** Students who were in the batch already (skipped). */
  alreadyIn: z.number().int(),
});
export type BatchBulkEnrolResult = z.infer<typeof batchBulkEnrolResultSchema>;

/** POST /api/batches/{id}/students/move: both batches after the move and what was done. */
export const batchMoveResultSchema = z.object({
  batch: batchSchema,
  toBatch: batchSchema,
  /** Students taken out of this batch. */
  moved: z.number().int(),
  /** Of them, those who were in the other batch already (not enrolled again). */
  alreadyIn: z.number().int(),
  /** Unpaid dues of this batch cancelled (with `cancelDues`). */
  cancelledDues: z.number().int(),
});
export type BatchMoveResult = z.infer<typeof batchMoveResultSchema>;

/** POST /api/batches/sync-students: what the check found; it changes nothing. */
export const batchSyncReportSchema = z.object({
  checkedBatches: z.number().int(),
  ok: z.boolean(),
  archivedEnrolments: z.array(z.object({ batch: namedRefSchema, student: namedRefSchema })),
  overCapacity: z.array(z.object({ batch: namedRefSchema, capacity: z.number().int(), enrolledCount: z.number().int() })),
  standardMismatches: z.array(z.object({ batch: namedRefSchema, student: namedRefSchema, batchStandard: standardRefSchema, studentStandard: standardRefSchema.nullable() })),
});
export type BatchSyncReport = z.infer<typeof batchSyncReportSchema>;

/** GET /api/student/schedule and /api/teachers/me/schedule: the week of the active batches. */
export const weeklyScheduleSchema = z.object({
  timeZone: z.string(),
  /** Today in the academy's time zone ('YYYY-MM-DD'): the dates of the week ahead count from it. */
  today: z.string(),
  /** Closures from today to a week ahead that concern these batches: no class on those dates. */
  closures: z.array(closureSchema),
  /** A teacher's batches already marked today: when, and how many were in class (present or late) of those marked. Empty for students. */
  markedToday: z.array(z.object({ batchId: z.uuid(), markedAt: isoDateTimeSchema, inClass: z.number().int(), total: z.number().int() })),
  days: z.array(
    z.object({
      day: z.enum(WEEKDAYS),
      classes: z.array(
        z.object({ batchId: z.uuid(), batchName: z.string(), subject: subjectRefSchema, startTime: z.string(), endTime: z.string(), teacherName: z.string() }),
      ),
    }),
  ),
});
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;
