import { z } from 'zod';
import { ENQUIRY_FORMS, ENQUIRY_STATUSES } from './admissions';
import { announcementSchema } from './announcements';
import { attendanceStatisticsSchema } from './attendance';
import { ATTENDANCE_STATUSES } from '../attendance-statuses';
import { weeklyScheduleSchema } from './batches';
import { noteSchema } from './notes';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from './messaging';
import { isoDateTimeSchema, namedRefSchema, personRefSchema, standardRefSchema, subjectRefSchema } from './common';

/** A batch counts as near capacity when its active students fill at least this share of its seats. */
export const NEAR_CAPACITY_SHARE = 0.8;
/** The dashboard lists at most this many of them (the fullest); `batchesNearCapacityTotal` counts them all. */
export const NEAR_CAPACITY_LIST = 8;

/** Something counted this month and last month (the academy's calendar months). */
const monthCountSchema = z.object({ thisMonth: z.number().int(), lastMonth: z.number().int() });

/**
 * The owner's questions first (issue 42): the money in this month against last month and the target,
 * what is overdue per batch, this week's attendance per batch, enquiries and admissions this month.
 * Amounts in rupees. Read fresh on every request (fees are not kept; the counts below are).
 */
export const ownerMonthSchema = z.object({
  /** 'YYYY-MM' of today in the academy's time zone; `lastMonth` the one before. */
  month: z.string(),
  lastMonth: z.string(),
  today: z.string(),
  collected: z.object({
    thisMonth: z.number(),
    /** All of last month. */
    lastMonth: z.number(),
    /** Last month up to the same day of the month (its last day when shorter): a fair comparison mid-month. */
    lastMonthToDate: z.number(),
    /** Settings' monthly target in rupees; null: none set. */
    target: z.number().nullable(),
  }),
  /** Open dues past their date, per batch (most owed first); `batch` null for dues of no batch (a previous year's balance). */
  overdueByBatch: z.array(z.object({ batch: namedRefSchema.nullable(), amount: z.number(), families: z.number().int() })),
  /** All of them: families counted once even when they owe in several batches. */
  overdue: z.object({ amount: z.number(), families: z.number().int() }),
  /** Attendance from Monday to today, per batch marked this week (lowest first). */
  attendanceThisWeek: z.object({
    from: z.string(),
    to: z.string(),
    batches: z.array(z.object({ batch: namedRefSchema, total: z.number().int(), percentage: z.number().nullable() })),
  }),
  /** Enquiries received (any form), by the academy's day. */
  enquiries: monthCountSchema,
  /** Students admitted (their admission date). */
  admissions: monthCountSchema,
});
export type OwnerMonth = z.infer<typeof ownerMonthSchema>;

/** GET /api/admin/dashboard/summary. */
export const adminDashboardSummarySchema = z.object({
  counts: z.object({
    activeStudents: z.number().int(),
    /** Teachers who are active or on leave (not inactive). */
    teachers: z.number().int(),
    batches: z.number().int(),
    subjects: z.number().int(),
    standards: z.number().int(),
    /** Admission enquiries with status `new` (the office has not called them yet). */
    newRegistrations: z.number().int(),
    /** Announcements active today; 0 until announcements exist. */
    activeAnnouncements: z.number().int(),
  }),
  /** The five students added last. */
  recentStudents: z.array(
    z.object({ _id: z.uuid(), name: z.string(), email: z.string().nullable(), standard: standardRefSchema.nullable(), admissionDate: z.string(), createdAt: isoDateTimeSchema }),
  ),
  /** The five admission enquiries received last, whatever their status. */
  recentRegistrations: z.array(
    z.object({
      _id: z.uuid(),
      studentName: z.string(),
      status: z.enum(ENQUIRY_STATUSES),
      /** Which form it came through. */
      form: z.enum(ENQUIRY_FORMS),
      standard: standardRefSchema.nullable(),
      createdAt: isoDateTimeSchema,
    }),
  ),
  /** Batches whose active students fill ≥ 80% of capacity, fullest first: at most NEAR_CAPACITY_LIST of them. */
  batchesNearCapacity: z.array(
    z.object({
      _id: z.uuid(),
      name: z.string(),
      subject: subjectRefSchema,
      teacher: personRefSchema,
      capacity: z.number().int(),
      enrolledCount: z.number().int(),
      seatsLeft: z.number().int(),
    }),
  ),
  /** How many batches are near capacity (the list above stops at NEAR_CAPACITY_LIST). */
  batchesNearCapacityTotal: z.number().int(),
  /** Attendance across the academy: today's marks (academy time zone) and the last 14 days, oldest first. */
  attendance: z.object({
    today: attendanceStatisticsSchema.extend({ date: z.string(), batchesMarked: z.number().int() }),
    /** Every day of the 14, marked or not (total 0 and percentage null when nothing was marked). */
    trend: z.array(z.object({ date: z.string(), total: z.number().int(), percentage: z.number().nullable() })),
  }),
  /** The owner's month (issue 42): shown first. */
  month: ownerMonthSchema,
  /** Backups that could not be copied off the machine (decision 044): a warning while `failed` > 0; 0 when off. */
  offsiteBackups: z.object({ failed: z.number().int(), lastError: z.string().nullable() }),
  /**
   * Today's messages to families (issue 54: the dashboard listed every one, three screens of them): counts only,
   * the Messages screen lists them. Made today where the academy is; `held`: waiting for the quiet hours to end.
   */
  messagesToday: z.object({
    total: z.number().int(),
    byStatus: z.object(Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, z.number().int()])) as Record<(typeof MESSAGE_STATUSES)[number], z.ZodNumber>),
    held: z.number().int(),
    /** Per kind (most first): how many, and of them waiting (queued) and failed. */
    byKind: z.array(z.object({ kind: z.enum(MESSAGE_KINDS), total: z.number().int(), waiting: z.number().int(), failed: z.number().int() })),
  }),
  /** Families' WhatsApp messages today (issue 60): received, answered automatically; conversations waiting for the office now. */
  repliesToday: z.object({ received: z.number().int(), answeredAutomatically: z.number().int(), waiting: z.number().int() }),
});
export type AdminDashboardSummary = z.infer<typeof adminDashboardSummarySchema>;

/** How many of the newest notes the student dashboard shows. */
export const STUDENT_DASHBOARD_NOTES = 5;

/** GET /api/student/dashboard: everything the student's first screen shows, in one request. */
export const studentDashboardSchema = z.object({
  schedule: weeklyScheduleSchema,
  attendance: z.object({
    /** Today's marks, one per batch marked today. */
    today: z.array(z.object({ batch: namedRefSchema, status: z.enum(ATTENDANCE_STATUSES) })),
    /** This calendar month up to today ('YYYY-MM'), all batches together. */
    month: z.string(),
    monthStatistics: attendanceStatisticsSchema,
  }),
  notes: z.array(noteSchema),
  announcements: z.array(announcementSchema),
});
export type StudentDashboard = z.infer<typeof studentDashboardSchema>;
