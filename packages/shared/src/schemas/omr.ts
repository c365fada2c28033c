import { z } from 'zod';
import { idSchema } from './common';
import { MAX_SECTIONS, SECTIONS_TEXT, parseSections, type OmrSection } from '../omr/layout';

/** OMR sheets of a test (issue 76, decision 081): the sheet PDF's query, the answer key, a scan's result. */
export const OMR_PATTERNS = ['neet', 'jee', 'cet', 'custom'] as const;
export const OMR_ANSWER_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

export const OMR_MESSAGES = {
  keySaved: 'Answer key saved',
  keyFromPaper: 'Answer key taken from the online test’s paper',
  keySheetRead: 'Key sheet read',
  scanned: 'Sheet read',
  settled: 'Answer settled',
} as const;

const questionsField = z.coerce
  .number({ error: 'questions must be a whole number from 1 to 200' })
  .int({ error: 'questions must be a whole number from 1 to 200' })
  .min(1, { error: 'questions must be a whole number from 1 to 200' })
  .max(200, { error: 'questions must be a whole number from 1 to 200' });
const optionsField = z.coerce.number({ error: 'options must be 4 or 5' }).refine((value) => value === 4 || value === 5, { error: 'options must be 4 or 5' });

const numericField = z.coerce
  .number({ error: 'numeric must be a whole number from 0 to 16' })
  .int({ error: 'numeric must be a whole number from 0 to 16' })
  .min(0, { error: 'numeric must be a whole number from 0 to 16' })
  .max(16, { error: 'numeric must be a whole number from 0 to 16' });

const SECTIONS_MESSAGE = `sections must be each subject's multiple-choice and numeric-answer counts, such as 20+5,20+5,20+5 (1 to ${MAX_SECTIONS} sections)`;
const sectionsField = z
  .string({ error: SECTIONS_MESSAGE })
  .regex(SECTIONS_TEXT, { error: SECTIONS_MESSAGE })
  .transform((text): OmrSection[] => parseSections(text)!);
const SUBJECTS_MESSAGE = `subjects must be the sections' headings separated by commas, each 1 to 40 characters, at most ${MAX_SECTIONS}`;
const subjectsField = z
  .string({ error: SUBJECTS_MESSAGE })
  .transform((text) => text.split(',').map((name) => name.trim()))
  .refine((names) => names.length <= MAX_SECTIONS && names.every((name) => name.length >= 1 && name.length <= 40 && ![...name].some((char) => char.charCodeAt(0) < 32)), { error: SUBJECTS_MESSAGE });

/**
 * GET /api/tests/{id}/omr-sheet.pdf?pattern=neet&questions=180&options=4[&batch=…][&numeric=…]: `numeric`
 * (JEE only, decision 092) is how many of the last questions take a number; without it a JEE sheet has
 * JEE Main's share, 5 of every 25 (75 → 15). Or (decision 098) `sections=20+5,20+5,20+5`: the sheet in
 * subjects, each its multiple-choice questions then its numeric-answer ones (JEE Main's numbering), with
 * `subjects=Physics,Chemistry,Mathematics` as the headings (those three by default for three sections).
 */
export const omrSheetQuerySchema = z
  .object({
    pattern: z.enum(OMR_PATTERNS, { error: 'pattern must be neet, jee, cet or custom' }),
    questions: questionsField,
    options: optionsField.default(4),
    batch: idSchema.optional(),
    numeric: numericField.optional(),
    sections: sectionsField.optional(),
    subjects: subjectsField.optional(),
  })
  .superRefine((query, context) => {
    if (query.sections && query.numeric !== undefined) context.addIssue({ code: 'custom', path: ['numeric'], message: 'Give either numeric (the last questions) or sections, not both' });
    if (query.subjects && !query.sections) context.addIssue({ code: 'custom', path: ['subjects'], message: 'subjects name the sections: give sections too' });
    if (query.subjects && query.sections && query.subjects.length !== query.sections.length) context.addIssue({ code: 'custom', path: ['subjects'], message: `There are ${query.sections.length} sections but ${query.subjects.length} subjects` });
  });

const ANSWER_TEXT = /^(?:[A-E]|\d{1,4})$/;
const answerField = z.string({ error: 'Each answer must be one of the letters A to E, or a whole number from 0 to 9999' }).regex(ANSWER_TEXT, { error: 'Each answer must be one of the letters A to E, or a whole number from 0 to 9999' });

/**
 * PUT /api/tests/{id}/answer-key: one letter per question, and for a JEE sheet's numeric-answer questions
 * (the last ones) the number as digits ("42"); the pattern gives the marks per right and wrong answer.
 */
export const answerKeyInputSchema = z.object({
  answers: z.array(answerField, { error: 'answers must be a list of letters' }).min(1, { error: 'The answer key needs at least one answer' }).max(200, { error: 'At most 200 questions' }),
  pattern: z.enum(OMR_PATTERNS, { error: 'pattern must be neet, jee, cet or custom' }).default('custom'),
  options: optionsField.optional(),
});

export const answerKeySchema = z.object({
  pattern: z.enum(OMR_PATTERNS),
  options: z.number().int(),
  answers: z.array(z.string()),
  /** How many questions are numeric-answer ones (their key is a number): the last ones, or each section's last ones (decision 098). */
  numeric: z.number().int(),
  /** The 1-based numbers of the numeric-answer questions. */
  numericQuestions: z.array(z.number().int()),
  marking: z.object({ correct: z.number(), wrong: z.number() }),
  numericMarking: z.object({ correct: z.number(), wrong: z.number() }).nullable(),
});

/** POST /api/tests/{id}/answer-key/from-online-test: the pattern of the sheets (the paper gives the rest). */
export const keyFromPaperInputSchema = z.object({
  pattern: z.enum(OMR_PATTERNS, { error: 'pattern must be neet, jee, cet or custom' }).optional(),
});

/** POST /api/tests/{id}/omr-scans?as=key: the key sheet's reading; the key is saved only when nothing on it is unclear. */
export const omrScanQuerySchema = z.object({
  as: z.enum(['key'], { error: 'as must be key, or left out for a student’s sheet' }).optional(),
});
export const omrKeySheetSchema = z.object({
  answers: z.array(z.string().nullable()),
  /** Questions unclear or blank on the key sheet: the teacher settles them, then saves the key. */
  uncertain: z.array(z.number().int()),
  pattern: z.enum(OMR_PATTERNS),
  options: z.number().int(),
  numeric: z.number().int(),
  numericQuestions: z.array(z.number().int()),
  key: answerKeySchema.nullable(),
});

export const omrScanSchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  studentCode: z.string(),
  answers: z.array(z.string().nullable()),
  uncertain: z.array(z.number().int()),
  score: z.number(),
  /** The marks entered for the test (a negative score enters 0). */
  marks: z.number(),
  scannedAt: z.string(),
});
export type OmrScan = z.infer<typeof omrScanSchema>;

/** A scan's answer: the first page's reading; a PDF of several pages lists each in `pages`. */
export const omrScanResultSchema = omrScanSchema.extend({
  pages: z.array(z.object({ page: z.number().int(), scan: omrScanSchema.nullable(), error: z.string().nullable() })).optional(),
});

export const omrScansSchema = z.object({
  key: answerKeySchema.nullable(),
  scans: z.array(omrScanSchema),
  /** How many chose each option, question by question (A, B, C, D[, E], blank). */
  analysis: z.array(z.object({ question: z.number().int(), answer: z.string().nullable(), counts: z.record(z.string(), z.number().int()) })),
});

export const omrSettleParamsSchema = z.object({ id: idSchema, studentId: idSchema, question: z.coerce.number().int().min(1).max(200) });
export const omrSettleInputSchema = z.object({
  answer: z.string({ error: 'answer must be a letter A to E, a whole number for a numeric-answer question, or null for blank' }).regex(ANSWER_TEXT, { error: 'answer must be a letter A to E, a whole number for a numeric-answer question, or null for blank' }).nullable(),
});
export const omrStudentParamsSchema = z.object({ id: idSchema, studentId: idSchema });
