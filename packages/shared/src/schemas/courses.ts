import { z } from 'zod';

/** Days of a batch's weekly schedule, Monday first. */
export const COURSE_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type CourseWeekday = (typeof COURSE_WEEKDAYS)[number];

const courseSubjectSchema = z.object({ _id: z.uuid(), name: z.string(), code: z.string() });

/** A standard (grade level) with the subjects taught in it. */
export const courseStandardSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  level: z.number().int(),
  subjects: z.array(courseSubjectSchema),
});
export type CourseStandard = z.infer<typeof courseStandardSchema>;

/** A batch still running or yet to start, as a family choosing one sees it. */
export const courseBatchSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The course's own page: /courses/{slug} (public-site.ts courseSlug). */
  slug: z.string(),
  /** What the office wrote about the batch ('' when nothing). */
  description: z.string(),
  standard: z.object({ _id: z.uuid(), name: z.string() }),
  subject: z.object({ _id: z.uuid(), name: z.string() }),
  teacherName: z.string(),
  scheduleDays: z.array(z.enum(COURSE_WEEKDAYS)),
  /** "HH:MM", 24-hour, in the academy's time zone. */
  startTime: z.string(),
  endTime: z.string(),
  /** Calendar dates, "YYYY-MM-DD". */
  startDate: z.string(),
  endDate: z.string(),
  capacity: z.number().int(),
  enrolledCount: z.number().int(),
  seatsLeft: z.number().int(),
  /** The fee plans the office shows on the site (issue 42, point 14): rupees, in how many instalments; cheapest first. */
  fees: z.array(z.object({ name: z.string(), amount: z.number(), instalments: z.number().int() })),
});
export type CourseBatch = z.infer<typeof courseBatchSchema>;

/** GET /api/public/courses: what the public /courses page is built from. */
export const publicCoursesSchema = z.object({
  standards: z.array(courseStandardSchema),
  batches: z.array(courseBatchSchema),
});
export type PublicCourses = z.infer<typeof publicCoursesSchema>;

/** GET /api/public/courses/{slug}: one open course's page (an address with out-of-date words finds it too). */
export const publicCourseParamsSchema = z.object({ slug: z.string().min(1).max(300) });
