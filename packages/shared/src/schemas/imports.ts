import { z } from 'zod';

/**
 * A register of students imported from a spreadsheet (issue 39; docs/decisions/032-registers-in-and-out.md):
 * the columns the office's sheet may have, what a dry run and an import answer, the past imports.
 */

/** The sheet's columns, in the template's order. Only the student's name is required. */
export const REGISTER_COLUMNS = [
  'studentId',
  'name',
  'dateOfBirth',
  'gender',
  'standard',
  'board',
  'medium',
  'school',
  'phone',
  'email',
  'address',
  'parentName',
  'parentRelation',
  'parentPhone',
  'parentEmail',
  'batch',
  'feePlan',
  'alreadyPaid',
  'admissionDate',
] as const;
export type RegisterColumn = (typeof REGISTER_COLUMNS)[number];

/** The template's header of each column, in English (server-catalog.ts section `register` has Marathi and Hindi). */
export const REGISTER_HEADERS = {
  studentId: 'Student ID',
  name: 'Student name',
  dateOfBirth: 'Date of birth (DD-MM-YYYY)',
  gender: 'Gender',
  standard: 'Standard',
  board: 'Board',
  medium: 'Medium',
  school: 'School',
  phone: 'Student phone',
  email: 'Student email',
  address: 'Address',
  parentName: 'Parent name',
  parentRelation: 'Relation',
  parentPhone: 'Parent phone',
  parentEmail: 'Parent email',
  batch: 'Batch',
  feePlan: 'Fee plan',
  alreadyPaid: 'Already paid (₹)',
  admissionDate: 'Admission date (DD-MM-YYYY)',
} as const satisfies Record<RegisterColumn, string>;

/** What the import says (English; Marathi and Hindi in i18n/server-messages.ts). */
export const IMPORT_MESSAGES = {
  fileRequired: 'Choose the register file (Excel .xlsx or CSV) to import',
  tooLarge: 'The register file is larger than 5 MB: split it into smaller sheets',
  empty: 'This register file is empty',
  notASheet: 'This file is not an Excel (.xlsx) or CSV file',
  oldXls: 'Save the register as Excel (.xlsx) or CSV first: the old .xls format is not read',
  unreadableCsv: 'This CSV file could not be read: save it again from Excel as "CSV UTF-8"',
  tooManyRows: 'This register has more than 5,000 rows: split it into smaller sheets',
  noHeader: 'The first row must hold the column headers, with at least "Student name": download the template to see them',
  noRows: 'The register has headers but no students below them',
  nameRequired: 'Enter the student’s name',
  dateFormat: 'Enter the date as DD-MM-YYYY, for example 25-06-2012',
  birthInPast: 'The date of birth must be in the past',
  notAPhone: 'Enter a 10-digit Indian mobile number, optionally starting with +91',
  notAnEmail: 'Enter a valid email address',
  gender: 'Gender must be one of the list: male, female or other',
  board: 'Board must be one of the list: State Board, CBSE, ICSE or Other',
  medium: 'Medium must be one of the list: English, Semi-English, Marathi, Hindi or Urdu',
  relation: 'Relation must be one of the list: mother, father, guardian or other',
  tooLong: 'This is longer than {max} characters',
  amount: 'Enter the amount in rupees, for example 2000 or 2,000',
  paidWithoutBatch: 'An amount already paid needs the batch whose fees it paid',
  planWithoutBatch: 'A fee plan needs its batch',
  unknownStudentId: 'No student has the ID {code}',
  unknownStandard: 'There is no standard "{name}": pick one from the Lists sheet',
  unknownBatch: 'There is no batch "{name}": pick one from the Lists sheet',
  unknownPlan: 'Batch {batch} has no fee plan "{name}": pick one from the Lists sheet',
  emailTaken: 'This email belongs to another account',
  hasErrors: 'Nothing was imported: the register has {count} rows to correct. Check it again to see them.',
  notFound: 'Import not found',
  alreadyUndone: 'This import was already undone',
  changedSince: 'This import cannot be undone: these students have changed since: {names}',
} as const;

export const registerErrorSchema = z.object({
  /** The row's number in the sheet (the header is row 1). */
  row: z.number().int(),
  /** The column's header as the office reads it (their language), or '' for the row as a whole. */
  column: z.string(),
  message: z.string(),
});
export type RegisterError = z.infer<typeof registerErrorSchema>;

/** POST /api/imports/students?dryRun=true: what the import would do, nothing changed. */
export const studentImportPreviewSchema = z.object({
  rows: z.number().int(),
  valid: z.number().int(),
  errors: z.array(registerErrorSchema),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  parents: z.number().int(),
  parentsLinked: z.number().int(),
  enrolments: z.number().int(),
  openingPayments: z.number().int(),
  /** The sheet's columns recognised, in the sheet's order, each with its header in the office's language. */
  columns: z.array(z.object({ key: z.enum(REGISTER_COLUMNS), header: z.string() })),
  /** The preview table: every row with an error, then the first others, at most 200 rows, cells in `columns` order. */
  table: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
});
export type StudentImportPreview = z.infer<typeof studentImportPreviewSchema>;

/** POST /api/imports/students: what the import did. */
export const studentImportResultSchema = z.object({
  importId: z.uuid(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  parentsCreated: z.number().int(),
  parentsLinked: z.number().int(),
  enrolled: z.number().int(),
  openingPayments: z.number().int(),
});
export type StudentImportResult = z.infer<typeof studentImportResultSchema>;

export const importQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).optional(),
});

export const templateQuerySchema = z.object({
  lang: z.enum(['en', 'mr', 'hi'], { error: 'Language must be en, mr or hi' }).optional(),
});

/** GET /api/imports: the office's imports, newest first, each undoable until undone or changed. */
export const importListItemSchema = z.object({
  _id: z.uuid(),
  fileName: z.string(),
  rowCount: z.number().int(),
  summary: studentImportResultSchema.omit({ importId: true }),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  undoneAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ImportListItem = z.infer<typeof importListItemSchema>;
export const importListSchema = z.object({ imports: z.array(importListItemSchema) });
export type ImportList = z.infer<typeof importListSchema>;
