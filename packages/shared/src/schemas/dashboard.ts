import { z } from 'zod';
import { ENQUIRY_FORMS, ENQUIRY_STATUSES } from './admissions';
import { announcementSchema } from './announcements';
import { attendanceStatisticsSchema } from './attendance';
import { ATTENDANCE_STATUSES } from '../attendance-statuses';
import { weeklyScheduleSchema } from './batches';
import { noteSchema } from './notes';
import { isoDateTimeSchema, namedRefSchema, personRefSchema, standardRefSchema, subjectRefSchema } from './common';

/** A batch counts as near capacity when its active students fill at least this share of its seats. */
export const NEAR_CAPACITY_SHARE = 0.8;
/** The dashboard lists at most this many of them (the fullest); `batchesNearCapacityTotal` counts them all. */
export const NEAR_CAPACITY_LIST = 8;

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
