import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from './messaging';
import { idSchema, isoDateTimeSchema, personRefSchema, subjectRefSchema } from './common';
import { DEMO_STATUSES } from '../demo-statuses';

/**
 * Demo classes (issue 41): an enquiry booked into a batch's class on a date. The family is told the
 * time and the address through the family outbox; the batch's teacher sees the demo student on that
 * day's attendance sheet, apart from the batch's own students, and marks them present or absent.
 * docs/decisions/035-demo-classes.md.
 */

export { DEMO_STATUSES, type DemoStatus } from '../demo-statuses';

/** POST /api/admission-enquiries/{id}/demo */
export const demoBookingInputSchema = z.object(
  {
    /** The batch's `_id`. */
    batch: z.uuid({ error: 'Choose a batch' }),
    /** The class day, 'YYYY-MM-DD' (today or later, a day of the batch's schedule). */
    date: z.iso.date({ error: 'Choose the date of the demo class' }),
  },
  { error: 'Send the batch and the date' },
);
export type DemoBookingInput = z.input<typeof demoBookingInputSchema>;

/** DELETE /api/admission-enquiries/{id}/demos/{demoId} */
export const demoParamsSchema = z.object({ id: idSchema, demoId: idSchema });

/** One booked demo class, as the enquiry's page shows it. */
export const demoClassSchema = z.object({
  _id: z.uuid(),
  date: z.string(),
  batch: z.object({ _id: z.uuid(), name: z.string(), subject: subjectRefSchema, teacher: personRefSchema }),
  /** The class's time that day ('HH:MM', the academy's time zone). */
  startTime: z.string(),
  endTime: z.string(),
  /** null: not marked yet. */
  status: z.enum(DEMO_STATUSES).nullable(),
  markedAt: isoDateTimeSchema.nullable(),
  markedBy: personRefSchema.nullable(),
  createdAt: isoDateTimeSchema,
  /** The family's message (time and address): its latest channel and status; null before it is queued or when nothing could reach them. */
  /** `waitingUntil`: a queued WhatsApp or SMS held by the quiet hours waits until then (ISO 8601), else null. */
  message: z.object({ channel: z.enum(MESSAGE_CHANNELS), status: z.enum(MESSAGE_STATUSES), error: z.string().nullable(), waitingUntil: z.string().nullable() }).nullable(),
});
export type DemoClass = z.infer<typeof demoClassSchema>;

/** GET /api/admission-enquiries/{id}/demos: newest date first. */
export const demoClassListSchema = z.array(demoClassSchema);

/** The demo students on a day's attendance sheet (GET /api/attendance/{batchId}/{date}), apart from the batch's students. */
export const attendanceDemoSchema = z.object({ _id: z.uuid(), name: z.string(), status: z.enum(DEMO_STATUSES).nullable() });
export type AttendanceDemo = z.infer<typeof attendanceDemoSchema>;

/** A demo student's mark in an attendance submission. */
export const demoMarkInputSchema = z.object({
  demoId: idSchema,
  status: z.enum(DEMO_STATUSES, { error: 'A demo student is marked present or absent' }),
});
export type DemoMarkInput = z.input<typeof demoMarkInputSchema>;
