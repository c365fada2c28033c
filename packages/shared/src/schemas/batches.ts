import { z } from 'zod';
import { personRefSchema, standardRefSchema, subjectRefSchema } from './common';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const WEEKDAY_LABELS: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** A batch's weekly schedule; times 'HH:MM' (24-hour) in the academy's time zone. */
export const batchScheduleSchema = z.object({
  days: z.array(z.enum(WEEKDAYS)),
  startTime: z.string(),
  endTime: z.string(),
});
export type BatchSchedule = z.infer<typeof batchScheduleSchema>;

function twelveHour(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours >= 12 ? 'PM' : 'AM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/** "Mon, Wed, Fri · 7:00 AM – 8:30 AM": how a schedule reads on every screen. */
export function formatSchedule(schedule: BatchSchedule): string {
  const days = [...schedule.days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)).map((day) => WEEKDAY_LABELS[day]);
  return `${days.join(', ')} · ${twelveHour(schedule.startTime)} – ${twelveHour(schedule.endTime)}`;
}

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
