import { z } from 'zod';
import { subjectRefSchema } from './common';
import { registerErrorSchema } from './imports';

/**
 * The question bank's images and spreadsheet import (issue 40; docs/decisions/037-online-tests.md,
 * "The question bank"). The questions themselves are in ./online-tests.ts.
 */

/** A picture in a question, an option or a solution: PNG, JPEG or WebP up to 1 MB (a phone photo, shrunk). */
export const QUESTION_IMAGE_MAX_BYTES = 1024 * 1024;
/** The image types the bank takes, by the extension its stored name gets. */
export const QUESTION_IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type QuestionImageExtension = keyof typeof QUESTION_IMAGE_TYPES;

export const QUESTION_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const QUESTION_IMPORT_MAX_ROWS = 2_000;

/** The sheet's columns, in the template's order; the headers are English (the teacher's language for the messages). */
export const QUESTION_IMPORT_HEADERS = {
  subject: 'Subject',
  chapter: 'Chapter',
  topic: 'Topic',
  difficulty: 'Difficulty',
  type: 'Type',
  text: 'Question',
  optionA: 'Option A',
  optionB: 'Option B',
  optionC: 'Option C',
  optionD: 'Option D',
  correct: 'Correct',
  answer: 'Answer',
  tolerance: 'Tolerance',
  solution: 'Solution',
  language: 'Language',
} as const;
export type QuestionImportColumn = keyof typeof QUESTION_IMPORT_HEADERS;
export const QUESTION_IMPORT_COLUMNS = Object.keys(QUESTION_IMPORT_HEADERS) as QuestionImportColumn[];

/** What the image upload and the import say (English; Marathi and Hindi in i18n/server-messages.ts). */
export const QUESTION_BANK_MESSAGES = {
  imageRequired: 'Choose a picture (PNG, JPEG or WebP) to upload',
  imageTooLarge: 'The picture is larger than 1 MB: take a smaller photo or crop it',
  notAnImage: 'This file is not a PNG, JPEG or WebP picture',
  imageNotFound: 'Picture not found',
  fileRequired: 'Choose the question sheet (Excel .xlsx or CSV) to import',
  tooLarge: 'The question sheet is larger than 5 MB: split it into smaller sheets',
  empty: 'This question sheet is empty',
  notASheet: 'This file is not an Excel (.xlsx) or CSV file',
  oldXls: 'Save the question sheet as Excel (.xlsx) or CSV first: the old .xls format is not read',
  unreadableCsv: 'This CSV file could not be read: save it again from Excel as "CSV UTF-8"',
  tooManyRows: 'This question sheet has more than 2,000 rows: split it into smaller sheets',
  noHeader: 'The first row must hold the column headers, with at least "Subject" and "Question": download the template to see them',
  noRows: 'The question sheet has headers but no questions below them',
  subjectRequired: 'Write the subject’s name or code',
  unknownSubject: 'There is no subject "{name}": write its name or code as in Subjects',
  correctLetters: 'Write the right options as letters A to D, for example B or A,C',
  notANumber: 'Write a number, for example 9.8 or -2',
  language: 'Language must be en, mr or hi (or English, Marathi, Hindi)',
  hasErrors: 'Nothing was imported: the sheet has {count} rows to correct. Check it again to see them.',
  imported: 'The questions were imported',
} as const;

/** A row of the sheet that repeats a question: of the bank (`questionId`) or an earlier row of the same sheet (`sameAsRow`). */
export const importDuplicateSchema = z.object({ row: z.number().int(), questionId: z.uuid().nullable(), sameAsRow: z.number().int().nullable() });

/** POST /api/questions/import?dryRun=true: what the import would do, nothing changed. */
export const questionImportPreviewSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(registerErrorSchema),
  /** Questions the import would add (valid rows that are not duplicates). */
  create: z.number().int(),
  /** Rows not added again: the same question is in the bank or earlier in the sheet. */
  duplicates: z.array(importDuplicateSchema),
});
export type QuestionImportPreview = z.infer<typeof questionImportPreviewSchema>;

/** POST /api/questions/import: what the import did (all or nothing; 422 when a row is wrong). */
export const questionImportResultSchema = z.object({ created: z.number().int(), duplicates: z.array(importDuplicateSchema) });
export type QuestionImportResult = z.infer<typeof questionImportResultSchema>;

/** POST /api/questions/images: where the stored picture is, to write into Markdown as ![](url). */
export const questionImageSchema = z.object({ url: z.string() });
export type QuestionImage = z.infer<typeof questionImageSchema>;

/** GET /api/questions/images/{name}: a stored picture's generated name (any other name answers 404). */
export const questionImageParamsSchema = z.object({ name: z.string().max(80, 'Picture not found') });

/** GET /api/questions/subjects: the subjects this person may write questions for (a teacher's own, an admin's all). */
export const questionSubjectsSchema = z.object({ subjects: z.array(subjectRefSchema) });
export type QuestionSubjects = z.infer<typeof questionSubjectsSchema>;
