import { z } from 'zod';
import { calendarDateSchema, idSchema, isoDateTimeSchema, optionalField, optionalQueryValue, requiredNameSchema, subjectRefSchema } from './common';

/**
 * Weekly tests and marks (issue 23; docs/decisions/019-tests-and-marks.md). Marks go from 0 to the
 * test's maximum in steps of 0.5; the database keeps them as whole half-marks (45.5 → 91), so no sum,
 * average or comparison ever meets a binary fraction.
 */

export const EXAM_MESSAGES = {
  created: 'Test created successfully',
  updated: 'Test updated successfully',
  deleted: 'Test deleted successfully',
  marksSaved: 'Marks saved',
  published: 'Results published',
  mailQueued: 'Report cards will be mailed in the background',
  remarkSaved: 'Remark saved',
  remarkCleared: 'Remark removed',
  loadFailed: 'Failed to load tests',
} as const;

/** The highest maximum a test may have. */
export const EXAM_MAX_MARKS = 1000;

const MARKS_STEP_MESSAGE = 'Marks must be in steps of 0.5';

/** Marks → whole half-marks (45.5 → 91). Call only with a multiple of 0.5. */
export function toHalfMarks(marks: number): number {
  return Math.round(marks * 2);
}
/** Whole half-marks → marks (91 → 45.5). */
export function fromHalfMarks(halfMarks: number): number {
  return halfMarks / 2;
}
/** A multiple of 0.5 (exact in binary, so this test has no rounding error). */
export function isHalfStep(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value * 2);
}

export const examIdParamsSchema = z.object({ id: idSchema });
export const examBatchParamsSchema = z.object({ id: idSchema });

/** POST /api/batches/{id}/tests, PUT /api/tests/{id} */
export const examInputSchema = z.object({
  name: requiredNameSchema('Test name', 120),
  date: calendarDateSchema,
  maxMarks: z
    .number({ error: 'Maximum marks must be a number' })
    .gt(0, 'Maximum marks must be more than 0')
    .max(EXAM_MAX_MARKS, `Maximum marks must be at most ${EXAM_MAX_MARKS}`)
    .refine(isHalfStep, MARKS_STEP_MESSAGE),
  topic: optionalField(z.string().max(200, 'Topic must be at most 200 characters'), 'Topic must be text'),
});
export type ExamInput = z.input<typeof examInputSchema>;

/** One row of PUT /api/tests/{id}/marks: marks, or absent (then marks are ignored). */
export const markInputSchema = z
  .object({
    studentId: idSchema,
    marks: z.number({ error: 'Marks must be a number' }).min(0, 'Marks cannot be negative').refine(isHalfStep, MARKS_STEP_MESSAGE).nullable().optional(),
    absent: z.boolean({ error: 'Absent must be true or false' }).optional(),
  })
  .refine((row) => row.absent === true || (row.marks !== null && row.marks !== undefined), { message: 'Enter marks or mark the student absent', path: ['marks'] });
export type MarkInput = z.input<typeof markInputSchema>;

/** PUT /api/tests/{id}/marks: every row or none (a bad row is named by its number in `errors`, e.g. `marks.3.marks`). */
export const marksSubmissionSchema = z.object({
  marks: z
    .array(markInputSchema, { error: 'Marks must be a list' })
    .min(1, 'Enter marks for at least one student')
    .max(500, 'At most 500 rows at once')
    .superRefine((rows, context) => {
      const seen = new Map<string, number>();
      rows.forEach((row, index) => {
        const first = seen.get(row.studentId);
        if (first === undefined) seen.set(row.studentId, index);
        else context.addIssue({ code: 'custom', path: [index, 'studentId'], message: `Row ${index + 1} repeats the student of row ${first + 1}` });
      });
    }),
});
export type MarksSubmission = z.input<typeof marksSubmissionSchema>;

/** POST /api/tests/{id}/marks/import: a CSV file's text, columns `email,marks` (marks "A" or "absent" for an absent student). */
export const marksImportSchema = z.object({
  csv: z.string({ error: 'Choose a CSV file' }).min(1, 'The CSV file is empty').max(200_000, 'The CSV file is too large'),
});

/** GET /api/students/{id}/report-card.pdf and the batch's mail-all: the period the card covers. */
export const reportCardQuerySchema = z
  .object({
    from: optionalQueryValue(calendarDateSchema),
    to: optionalQueryValue(calendarDateSchema),
  })
  .refine((query) => !query.from || !query.to || query.to >= query.from, { message: 'End date cannot be before start date', path: ['to'] });
export const reportCardMailSchema = z
  .object({ from: optionalField(calendarDateSchema, 'Enter a date as YYYY-MM-DD'), to: optionalField(calendarDateSchema, 'Enter a date as YYYY-MM-DD') })
  .refine((query) => !query.from || !query.to || query.to >= query.from, { message: 'End date cannot be before start date', path: ['to'] });

/** A test as every list and screen shows it. */
export const examSchema = z.object({
  _id: z.uuid(),
  batch: z.object({ _id: z.uuid(), name: z.string(), subject: subjectRefSchema }),
  name: z.string(),
  date: z.string(),
  maxMarks: z.number(),
  topic: z.string().nullable(),
  /** Null until published; students and parents see a test only after it. */
  publishedAt: isoDateTimeSchema.nullable(),
  /** Set when marks were changed after publishing ("corrected"). */
  correctedAt: isoDateTimeSchema.nullable(),
  /** Students with marks or marked absent. */
  entered: z.number().int(),
});
export type Exam = z.infer<typeof examSchema>;

/** One student's line of the results, with the roster's students who have no marks yet (marks and absent null/false, not ranked). */
export const resultRowSchema = z.object({
  student: z.object({ _id: z.uuid(), name: z.string(), email: z.string().nullable() }),
  marks: z.number().nullable(),
  absent: z.boolean(),
  percentage: z.number().nullable(),
  rank: z.number().int().nullable(),
});

/** GET /api/tests/{id}/results (staff): everyone's marks, ranks (1, 2, 2, 4; absent not ranked), average and highest. */
export const examResultsSchema = z.object({
  test: examSchema,
  rows: z.array(resultRowSchema),
  /** Of the students who sat the test; null when nobody did. */
  average: z.number().nullable(),
  highest: z.number().nullable(),
  present: z.number().int(),
  absent: z.number().int(),
});
export type ExamResults = z.infer<typeof examResultsSchema>;

/** One test in a student's own view: their marks and rank, the batch's average and highest, never another student's marks. */
export const studentExamSchema = z.object({
  test: examSchema,
  marks: z.number().nullable(),
  absent: z.boolean(),
  percentage: z.number().nullable(),
  rank: z.number().int().nullable(),
  /** How many students were ranked. */
  ranked: z.number().int(),
  average: z.number().nullable(),
  averagePercentage: z.number().nullable(),
  highest: z.number().nullable(),
});
export type StudentExam = z.infer<typeof studentExamSchema>;

/** GET /api/student/tests and GET /api/students/{id}/tests: oldest first (the progress chart's order). */
export const studentExamsSchema = z.object({
  student: z.object({ _id: z.uuid(), name: z.string() }),
  tests: z.array(studentExamSchema),
});
export type StudentExams = z.infer<typeof studentExamsSchema>;

/** One row of a CSV import that could not be used: its line number and why. */
export const importResultSchema = z.object({ saved: z.number().int() });

/** The longest teacher's remark a report card prints. */
export const REMARK_MAX_LENGTH = 500;

/** PUT /api/batches/{id}/students/{studentId}/remark */
export const remarkParamsSchema = z.object({ id: idSchema, studentId: idSchema });
/** The teacher's remark on a student's report card for one batch; empty (or only spaces) removes it. */
export const remarkInputSchema = z.object({
  remark: z.string({ error: 'Remark must be text' }).trim().max(REMARK_MAX_LENGTH, `Remark must be at most ${REMARK_MAX_LENGTH} characters`),
});
export type RemarkInput = z.input<typeof remarkInputSchema>;

/** One student's remark in a batch (null: none yet), with who wrote it last and when. */
export const remarkSchema = z.object({
  student: z.object({ _id: z.uuid(), name: z.string() }),
  remark: z.string().nullable(),
  writtenBy: z.string().nullable(),
  writtenAt: isoDateTimeSchema.nullable(),
});
export type Remark = z.infer<typeof remarkSchema>;

/** GET /api/batches/{id}/remarks: the batch's active students, each with their remark. */
export const batchRemarksSchema = z.object({
  batch: z.object({ _id: z.uuid(), name: z.string(), subject: subjectRefSchema }),
  rows: z.array(remarkSchema),
});
export type BatchRemarks = z.infer<typeof batchRemarksSchema>;
