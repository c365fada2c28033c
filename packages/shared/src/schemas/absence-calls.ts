import { z } from 'zod';
import { idSchema, isoDateTimeSchema, personRefSchema } from './common';
import { parentRelationSchema } from './parents';
import { absenceReasonSchema } from './conversations';

/**
 * GET /api/admin/absent-today (admin): the students marked absent today in any batch, with their
 * batches and the phones to call, and whether the office has called home yet.
 */
export const absentTodaySchema = z.object({
  /** Today in the academy's time zone. */
  date: z.string(),
  students: z.array(
    z.object({
      _id: z.uuid(),
      name: z.string(),
      parentName: z.string().nullable(),
      parentPhone: z.string().nullable(),
      phone: z.string().nullable(),
      /** The linked parents (issue 21), by name: the office calls these first; empty when none. */
      parents: z.array(z.object({ _id: z.uuid(), name: z.string(), phone: z.string().nullable(), relation: parentRelationSchema })),
      batches: z.array(z.object({ _id: z.uuid(), name: z.string() })),
      /** Null until the office ticks "called". */
      called: z.object({ at: isoDateTimeSchema, by: personRefSchema.nullable() }).nullable(),
      /** The family's reason (issue 60: a reply to the absence alert); null: none given. */
      reason: absenceReasonSchema.nullable(),
    }),
  ),
});
export type AbsentToday = z.infer<typeof absentTodaySchema>;

/** PUT /api/admin/absent-today/{studentId}/called: tick or untick "called" for today. */
export const absenceCallParamsSchema = z.object({ studentId: idSchema });
export const absenceCallInputSchema = z.object({ called: z.boolean({ error: 'Say whether the family was called (true or false)' }) }, { error: 'Send an object' });
export type AbsenceCallInput = z.input<typeof absenceCallInputSchema>;
