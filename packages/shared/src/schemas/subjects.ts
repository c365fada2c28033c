import { z } from 'zod';
import { isoDateTimeSchema, namedRefSchema, namesInLanguagesInputSchema, namesInLanguagesSchema, optionalTextSchema, requiredNameSchema, standardRefSchema } from './common';

export const SUBJECT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

/** POST /api/subjects and PUT /api/subjects/{id} (every field; description may be empty). */
export const subjectInputSchema = z.object(
  {
    name: requiredNameSchema('Name', 120),
    // Codes are compared and stored in capitals: "math" and "MATH" are the same code.
    code: z
      .string({ error: 'Code is required' })
      .trim()
      .min(1, 'Code is required')
      .max(20, 'Code must be at most 20 characters')
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(SUBJECT_CODE_PATTERN, 'Code may contain only letters, digits, - and _')),
    description: optionalTextSchema('Description', 2000),
    /** Optional names in Marathi and Hindi (issue 42); left out: unchanged on an edit, none on a new one. */
    names: namesInLanguagesInputSchema('Name', 120).optional(),
  },
  { error: 'Send the subject as an object' },
);
export type SubjectInput = z.input<typeof subjectInputSchema>;

/** A subject in lists and answers; the counts say where it is used (a used subject cannot be deleted). */
export const subjectSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  code: z.string(),
  description: z.string(),
  /** Its names in Marathi and Hindi where the office wrote them; `name` is the English one. */
  names: namesInLanguagesSchema,
  standardCount: z.number().int(),
  batchCount: z.number().int(),
  teacherCount: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Subject = z.infer<typeof subjectSchema>;

/** GET /api/subjects/{id}: the subject with the standards, batches and teachers that use it. */
export const subjectDetailSchema = subjectSchema.extend({
  standards: z.array(standardRefSchema),
  batches: z.array(namedRefSchema),
  teachers: z.array(namedRefSchema),
});
export type SubjectDetail = z.infer<typeof subjectDetailSchema>;
