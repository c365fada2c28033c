import { z } from 'zod';
import { absenceReasonSchema } from './conversations';
import { calendarDateSchema, idSchema, isoDateTimeSchema, optionalField, optionalQueryValue, personRefSchema, standardRefSchema, subjectRefSchema } from './common';
import { ATTENDANCE_STATUSES } from '../attendance-statuses';
import { attendanceDemoSchema, demoMarkInputSchema } from './demo-classes';

const STATUS_MESSAGE = 'Status must be present, absent, late or excused';

/** Spec section 8: the texts the screens show when the server gives none. */
export { ATTENDANCE_MESSAGES } from '../attendance-messages';

/** The longest range one history or student answer covers (a year and a day: an academic year fits). */
export const ATTENDANCE_MAX_RANGE_DAYS = 366;
/**
 * GET /api/student/attendance (every batch of the student) without a range lists only this many of
 * the newest marks in `records` (`recordsTotal` says how many there are); the counts still cover
 * every mark. Asked with startDate and endDate, every mark of the range is listed.
 */
export const STUDENT_RECENT_RECORDS = 60;

/** GET /api/attendance/{batchId}/{date} */
export const attendanceDayParamsSchema = z.object({ batchId: idSchema, date: calendarDateSchema });
/** POST /api/attendance/batch/{batchId}, GET …/history */
export const attendanceBatchParamsSchema = z.object({ batchId: idSchema });
/** GET /api/attendance/student/{studentId}/batch/{batchId} */
export const attendanceStudentParamsSchema = z.object({ studentId: idSchema, batchId: idSchema });

/** `?startDate=&endDate=`, both optional ('YYYY-MM-DD'); the end may not come before the start. */
export const attendanceRangeQuerySchema = z
  .object({
    startDate: optionalQueryValue(calendarDateSchema),
    endDate: optionalQueryValue(calendarDateSchema),
  })
  .refine((query) => !query.startDate || !query.endDate || query.endDate >= query.startDate, { message: 'End date cannot be before start date', path: ['endDate'] });
export type AttendanceRangeQuery = z.input<typeof attendanceRangeQuerySchema>;

export const attendanceRecordInputSchema = z.object({
  studentId: idSchema,
  status: z.enum(ATTENDANCE_STATUSES, { error: STATUS_MESSAGE }),
  remark: optionalField(z.string().max(300, 'Remark must be at most 300 characters'), 'Remark must be text'),
});
export type AttendanceRecordInput = z.input<typeof attendanceRecordInputSchema>;

/**
 * POST /api/attendance/batch/{batchId}: one day's marks. A student may appear once; an invalid
 * record (its index names it in `errors`, e.g. `records.3.studentId`) means nothing is saved.
 * `demos`: the marks of that day's demo students (issue 41), saved with the day but kept apart from
 * the batch's records. `records` may be empty only beside demos (a batch with no student yet).
 */
export const attendanceSubmissionSchema = z
  .object({
    date: calendarDateSchema,
    records: z
      .array(attendanceRecordInputSchema, { error: 'Records must be a list' })
      .max(500, 'At most 500 records at once')
      .superRefine((records, context) => {
        const seen = new Map<string, number>();
        records.forEach((record, index) => {
          const first = seen.get(record.studentId);
          if (first === undefined) seen.set(record.studentId, index);
          else context.addIssue({ code: 'custom', path: [index, 'studentId'], message: `Record ${index + 1} repeats the student of record ${first + 1}` });
        });
      }),
    demos: z
      .array(demoMarkInputSchema, { error: 'Demo marks must be a list' })
      .max(50, 'At most 50 demo students at once')
      .superRefine((demos, context) => {
        const seen = new Map<string, number>();
        demos.forEach((demo, index) => {
          const first = seen.get(demo.demoId);
          if (first === undefined) seen.set(demo.demoId, index);
          else context.addIssue({ code: 'custom', path: [index, 'demoId'], message: `Demo mark ${index + 1} repeats demo mark ${first + 1}` });
        });
      })
      .default([]),
  })
  .superRefine((submission, context) => {
    if (submission.records.length === 0 && submission.demos.length === 0) context.addIssue({ code: 'custom', path: ['records'], message: 'Mark at least one student' });
  });
export type AttendanceSubmission = z.input<typeof attendanceSubmissionSchema>;

/** Counts per status; percentage = (present + late) ÷ marked × 100, one decimal; null when nothing is marked. */
export const attendanceStatisticsSchema = z.object({
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  total: z.number().int(),
  percentage: z.number().nullable(),
});
export type AttendanceStatistics = z.infer<typeof attendanceStatisticsSchema>;

/** The batch an attendance answer is about. */
export const attendanceBatchSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  standard: standardRefSchema,
  subject: subjectRefSchema,
  teacher: personRefSchema,
  startDate: z.string(),
  endDate: z.string(),
});
export type AttendanceBatch = z.infer<typeof attendanceBatchSchema>;

/** GET /api/attendance/{batchId}/{date}: the roster with that day's marks, and who marked it when. */
export const attendanceDaySchema = z.object({
  batch: attendanceBatchSchema,
  date: z.string(),
  /** Today in the academy's time zone: the latest date that may be marked. */
  today: z.string(),
  /** Null until the day is marked; then the latest submission. */
  markedAt: isoDateTimeSchema.nullable(),
  markedBy: personRefSchema.nullable(),
  /** The closure announcement's title when the academy is closed for this batch that day (it cannot be marked). */
  closure: z.string().nullable(),
  /** Active enrolled students (status null when unmarked), then anyone else marked that day (`enrolled: false`, kept as history). */
  students: z.array(
    z.object({
      _id: z.uuid(),
      name: z.string(),
      enrolled: z.boolean(),
      status: z.enum(ATTENDANCE_STATUSES).nullable(),
      remark: z.string().nullable(),
      /** The family's reason for an absent or late mark (issue 60: a reply to the absence alert); null: none given. */
      reason: absenceReasonSchema.nullable(),
    }),
  ),
  statistics: attendanceStatisticsSchema,
  /** That day's demo students (issue 41), booked by the office: marked on the sheet, never counted in `statistics`. */
  demos: z.array(attendanceDemoSchema),
  /**
   * Today, before the window opens (issue 54): 'HH:mm' from which the day may be marked (the batch's start time less
   * the server's window); null when it may be marked now (any other day, or the window is open).
   */
  opensAt: z.string().nullable(),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;

/** GET /api/attendance/batch/{batchId}/history: a student × date grid. */
export const attendanceHistorySchema = z.object({
  batch: attendanceBatchSchema,
  startDate: z.string(),
  endDate: z.string(),
  /** The marked days in the range, oldest first, with their counts. */
  dates: z.array(attendanceStatisticsSchema.extend({ date: z.string() })),
  /** Active enrolled students and anyone marked in the range, by name, with their counts in the range. */
  students: z.array(z.object({ _id: z.uuid(), name: z.string(), enrolled: z.boolean(), statistics: attendanceStatisticsSchema })),
  records: z.array(z.object({ studentId: z.uuid(), date: z.string(), status: z.enum(ATTENDANCE_STATUSES), remark: z.string().nullable() })),
  statistics: attendanceStatisticsSchema,
});
export type AttendanceHistory = z.infer<typeof attendanceHistorySchema>;

export const attendanceRecordSchema = z.object({
  _id: z.uuid(),
  date: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  remark: z.string().nullable(),
  markedAt: isoDateTimeSchema,
  markedBy: personRefSchema.nullable(),
  batch: z.object({ _id: z.uuid(), name: z.string() }),
  /** The family's reason for an absent or late mark (issue 60); null: none given. */
  reason: absenceReasonSchema.nullable(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/** Counts of one calendar month ('YYYY-MM'), for the monthly chart. */
export const attendanceMonthSchema = attendanceStatisticsSchema.extend({ month: z.string() });
export type AttendanceMonth = z.infer<typeof attendanceMonthSchema>;

/**
 * Spec section 3, "Student attendance response": records, statistics, student, batch. GET
 * /api/attendance/student/{studentId}/batch/{batchId} and /api/student/attendance/{batchId} answer one
 * batch; /api/student/attendance answers every batch of the student (`batch` null, `batches` per batch).
 */
export const studentAttendanceSchema = z.object({
  student: z.object({ _id: z.uuid(), name: z.string(), email: z.string().nullable() }),
  batch: attendanceBatchSchema.nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Newest first. Without a range, the all-batches answer lists only the newest STUDENT_RECENT_RECORDS. */
  records: z.array(attendanceRecordSchema),
  /** How many marks the range holds (more than `records.length` when the list was cut). */
  recordsTotal: z.number().int(),
  statistics: attendanceStatisticsSchema,
  monthly: z.array(attendanceMonthSchema),
  batches: z.array(z.object({ batch: attendanceBatchSchema, statistics: attendanceStatisticsSchema })),
});
export type StudentAttendance = z.infer<typeof studentAttendanceSchema>;

/** (present + late) ÷ marked, as a percentage with one decimal; null when nothing is marked. */
export function attendancePercentage(counts: Pick<AttendanceStatistics, 'present' | 'late' | 'total'>): number | null {
  if (counts.total === 0) return null;
  return Math.round(((counts.present + counts.late) * 1000) / counts.total) / 10;
}

/** The refusal for a day a closure announcement closes ('DD-MM-YYYY' date, the announcement's title). */
export function closedDayMessage(displayDate: string, title: string): string {
  return `The academy is closed on ${displayDate} (${title}): attendance cannot be marked for that day`;
}

/**
 * When today's marks of a batch starting at `startTime` ('HH:mm') may be taken, `minutesBefore` ahead of it
 * (issue 54: a register marked at 05:15 for a 07:00 class sent an absence alert at 05:25). Null when there is no
 * hold (no window, or one reaching back past midnight) or `now` ('HH:mm', the academy's clock) is inside it.
 */
export function attendanceOpensAt(startTime: string, minutesBefore: number | null, now: string): string | null {
  if (minutesBefore === null) return null;
  const minutes = (time: string) => {
    const [hours = 0, mins = 0] = time.split(':').map(Number);
    return hours * 60 + mins;
  };
  const opens = minutes(startTime) - minutesBefore;
  if (opens <= 0 || minutes(now) >= opens) return null;
  return `${String(Math.floor(opens / 60)).padStart(2, '0')}:${String(opens % 60).padStart(2, '0')}`;
}

/** The refusal for today's marks before the window: the opening and the class's start, as "6:30 AM". */
export function notOpenYetMessage(opensAt: string, startsAt: string): string {
  return `Today's attendance opens at ${opensAt}, shortly before the class starts at ${startsAt}. Mark it once the class has begun.`;
}
