import { z } from 'zod';
import { idSchema, isoDateTimeSchema, namedRefSchema, optionalField, optionalQueryValue, optionalTextSchema, paginationQuerySchema, paginationSchema, personRefSchema, requiredNameSchema, standardRefSchema, subjectRefSchema } from './common';

/** The largest PDF a teacher may upload (DESIGN.md section 5: uploads have a size limit). */
export const NOTE_MAX_BYTES = 20 * 1024 * 1024;
export const NOTE_MAX_LABEL = '20 MB';

/** Who a note is for: one batch, one student, or nobody but its teacher (a personal note). */
export const NOTE_TARGETS = ['batch', 'student', 'personal'] as const;
export type NoteTarget = (typeof NOTE_TARGETS)[number];

export const NOTE_MESSAGES = {
  created: 'Note uploaded successfully',
  updated: 'Note updated successfully',
  deleted: 'Note deleted successfully',
  fetchFailed: 'Failed to fetch notes',
  uploadFailed: 'Failed to upload note',
  updateFailed: 'Failed to update note',
  deleteFailed: 'Failed to delete note',
  notFound: 'Note not found',
  fileRequired: 'Choose a PDF file to upload',
  notPdf: 'This file is not a PDF. Only PDF files can be uploaded.',
  emptyFile: 'This file is empty',
  tooLarge: `The file is larger than ${NOTE_MAX_LABEL}`,
  oneTarget: 'Choose a batch or a student, not both',
  notYourBatch: 'You can share notes only with your own batches',
  notYourStudent: 'You can share notes only with students of your batches',
  unknownBatch: 'Choose a batch from the list',
  unknownStudent: 'Choose a student from the list',
} as const;

const optionalId = (label: string) => optionalField(z.uuid({ error: `Choose ${label} from the list` }), `Choose ${label} from the list`);

/** A form's checkbox in a multipart body arrives as text: 'true'/'false' (or 'on'); JSON sends a boolean. */
const booleanFieldSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])], { error: 'isPublic must be true or false' })
  .optional()
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/**
 * The details of a note (POST /api/notes/upload with the file, PUT /api/notes/{id} with or without
 * one). Multipart fields are text, so ids may be '' (none). Target: `batch`, `student`, or neither
 * (a personal note). `standard` is for the public resources page; a batch note takes its batch's.
 */
const noteFields = {
  title: requiredNameSchema('Title', 200),
  description: optionalTextSchema('Description', 2000),
  subject: optionalId('a subject'),
  standard: optionalId('a standard'),
  batch: optionalId('a batch'),
  student: optionalId('a student'),
  isPublic: booleanFieldSchema,
};
const oneTarget = (input: { batch?: string | null; student?: string | null }) => !(input.batch && input.student);

export const noteInputSchema = z.object(noteFields).refine(oneTarget, { message: NOTE_MESSAGES.oneTarget, path: ['student'] });

/**
 * PUT /api/notes/{id}: only the fields sent change (the server keeps the others), so the title may
 * be left out too. Sending `batch` or `student` (a '' or null one clears it) sets the target anew.
 */
export const noteUpdateSchema = z
  .object({ ...noteFields, title: requiredNameSchema('Title', 200).optional() })
  .refine(oneTarget, { message: NOTE_MESSAGES.oneTarget, path: ['student'] });
export type NoteUpdateValues = z.output<typeof noteUpdateSchema>;
export type NoteInput = z.input<typeof noteInputSchema>;
export type NoteInputValues = z.output<typeof noteInputSchema>;

export const noteSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  description: z.string(),
  subject: subjectRefSchema.nullable(),
  standard: standardRefSchema.nullable(),
  target: z.enum(NOTE_TARGETS),
  batch: namedRefSchema.nullable(),
  student: personRefSchema.nullable(),
  /** The teacher who owns it (null for the academy's own notes). */
  teacher: personRefSchema.nullable(),
  isPublic: z.boolean(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileUrl: z.string(),
  /** Whether the reader may edit and delete it (its teacher, or an admin). */
  canManage: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Note = z.infer<typeof noteSchema>;

/** A public note as anyone sees it on /resources: nothing about batches or students. */
export const publicNoteSchema = noteSchema.pick({ _id: true, title: true, description: true, subject: true, standard: true, teacher: true, fileName: true, fileSize: true, fileUrl: true, createdAt: true });
export type PublicNote = z.infer<typeof publicNoteSchema>;

const searchSchema = optionalQueryValue(z.string().max(100, 'Search must be at most 100 characters'));

/** GET /api/notes?batch=&subject=&target=&search= */
export const noteListQuerySchema = z.object({
  batch: optionalQueryValue(idSchema),
  subject: optionalQueryValue(idSchema),
  target: optionalQueryValue(z.enum(NOTE_TARGETS, { error: 'Target must be batch, student or personal' })),
  search: searchSchema,
}).extend(paginationQuerySchema.shape);
export type NoteListQuery = z.input<typeof noteListQuerySchema>;

/** ?page=&limit= of the other note lists (a teacher's own, a batch's, a student's): 20 by default, at most 100. */
export const notePageQuerySchema = paginationQuerySchema;

/** Every note list is paged on the server, newest first: a year of notes must not ship at once to a phone. */
export const noteListSchema = z.object({ notes: z.array(noteSchema), pagination: paginationSchema });
export type NoteList = z.infer<typeof noteListSchema>;

/** GET /api/public/notes?subject=&standard=&search= */
export const publicNoteListQuerySchema = z.object({
  subject: optionalQueryValue(idSchema),
  standard: optionalQueryValue(idSchema),
  search: searchSchema,
});
export type PublicNoteListQuery = z.input<typeof publicNoteListQuerySchema>;

/** GET /api/notes/file/{id}?download=1 asks for an attachment instead of showing it inline. */
export const noteFileQuerySchema = z.object({ download: optionalQueryValue(z.enum(['1', 'true'], { error: 'download must be 1' })) });

/** "1.4 MB", "820 KB": a file size as people read it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
