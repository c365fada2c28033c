import { z } from 'zod';
import { isoDateTimeSchema, namedRefSchema, optionalField, personRefSchema, requiredNameSchema } from './common';

/*
 * Homework (issue 59; docs/decisions/056-homework.md): a teacher sets it on a batch (Markdown with $…$
 * maths, PDF or picture attachments, a due time, handed in or only done in class); a student hands in
 * pages (pictures shrunk on the phone, or a PDF); the teacher marks each submission done or redo.
 */

/** One page (a picture shrunk on the phone is about 200–300 KB; a PDF may be larger). */
export const HOMEWORK_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const HOMEWORK_FILE_MAX_LABEL = '10 MB';
/** Pages in one submission, attachments on one homework. */
export const HOMEWORK_MAX_FILES = 20;

/** The types taken, known by their first bytes (never the name or the browser's claim). */
export const HOMEWORK_FILE_TYPES = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type HomeworkFileExtension = keyof typeof HOMEWORK_FILE_TYPES;

export const HOMEWORK_MESSAGES = {
  created: 'Homework set',
  notFound: 'Homework not found',
  submissionNotFound: 'Submission not found',
  fileNotFound: 'File not found',
  submitted: 'Homework handed in',
  reviewed: 'Review saved',
  attachmentsAdded: 'Attachments added',
  pagesRequired: 'Add at least one page: a photo or a PDF',
  filesRequired: 'Choose at least one PDF or picture',
  badFile: 'Each page must be a PDF or a picture (JPEG, PNG or WebP)',
  emptyFile: 'This file is empty',
  tooLarge: `A page is larger than ${HOMEWORK_FILE_MAX_LABEL}: take the photo again`,
  tooMany: `At most ${HOMEWORK_MAX_FILES} pages at once`,
  notHandedIn: 'This homework is done in class: nothing is handed in',
  alreadyDone: 'This homework is already checked as done',
  notEnrolled: 'This homework is not for you',
  dueAt: 'Give the due date and time',
  updated: 'Homework saved',
  deleted: 'Homework deleted',
  hasWork: 'Students have handed in work for this homework: it cannot be deleted. Change its title or due time instead.',
  handInLocked: 'Students have handed in work: whether it is handed in cannot change now',
  ticksOnlyInClass: 'Only homework done in class is ticked off here',
  ticksSaved: 'Ticks saved',
  notInBatch: 'Tick only students of this batch',
  settingsSaved: 'Homework settings saved',
} as const;

/**
 * Pages of homework due longer ago than this are removed when the academy chooses it (about a term:
 * Indian coaching terms run three to four months). The submission and its check stay.
 */
export const HOMEWORK_PAGES_KEEP_DAYS = 120;

/** Where a homework stands for one student. `late`: not handed in, past its due time. */
export const HOMEWORK_STATUSES = ['pending', 'late', 'submitted', 'done', 'redo'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];
export const REVIEW_STATUSES = ['done', 'redo'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** POST /api/batches/{id}/homework. */
export const homeworkInputSchema = z.object(
  {
    title: requiredNameSchema('Title', 200),
    instructions: z.string({ error: 'Instructions must be text' }).trim().max(10_000, 'Instructions must be at most 10000 characters').default(''),
    dueAt: z.iso.datetime({ offset: true, error: HOMEWORK_MESSAGES.dueAt }),
    handIn: z.boolean({ error: 'handIn must be true or false' }).default(true),
  },
  { error: 'Send the homework as an object' },
);
export type HomeworkInput = z.input<typeof homeworkInputSchema>;
export type HomeworkInputValues = z.output<typeof homeworkInputSchema>;

/** PUT /api/homework-submissions/{id}/review. */
export const homeworkReviewSchema = z.object(
  {
    status: z.enum(REVIEW_STATUSES, { error: 'Status must be done or redo' }),
    comment: optionalField(z.string().max(1000, 'Comment must be at most 1000 characters'), 'Comment must be text'),
    marks: z.number({ error: 'Marks must be a number' }).min(0, 'Marks cannot be negative').max(1000, 'Marks must be at most 1000').nullable().optional(),
  },
  { error: 'Send the review as an object' },
);
export type HomeworkReviewInput = z.input<typeof homeworkReviewSchema>;
export type HomeworkReviewValues = z.output<typeof homeworkReviewSchema>;

/** PUT /api/homework/{id}/done-in-class: every student of the batch who did it in class (the others are unticked). */
export const homeworkTicksSchema = z.object(
  {
    studentIds: z.array(z.uuid({ error: 'Each student must be an id' }), { error: 'Send the ticked students as a list' }).max(500, 'At most 500 students'),
  },
  { error: 'Send the ticks as an object' },
);
export type HomeworkTicksInput = z.input<typeof homeworkTicksSchema>;

/** GET|PUT /api/admin/settings/homework: the academy's choices about homework. */
export const homeworkSettingsSchema = z.object(
  {
    /** A weekly summary to parents through the family outbox: what was set, handed in, late, redo. */
    weeklySummary: z.boolean({ error: 'weeklySummary must be true or false' }),
    /** Remove the pages of homework due more than HOMEWORK_PAGES_KEEP_DAYS ago (the record stays). */
    removeOldPages: z.boolean({ error: 'removeOldPages must be true or false' }),
  },
  { error: 'Send the homework settings as an object' },
);
export type HomeworkSettings = z.infer<typeof homeworkSettingsSchema>;

export const homeworkFileSchema = z.object({
  _id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type HomeworkFile = z.infer<typeof homeworkFileSchema>;

export const submissionSchema = z.object({
  _id: z.uuid(),
  status: z.enum(['submitted', 'done', 'redo']),
  late: z.boolean(),
  submittedAt: isoDateTimeSchema,
  reviewedAt: isoDateTimeSchema.nullable(),
  comment: z.string().nullable(),
  marks: z.number().nullable(),
  pages: z.array(homeworkFileSchema),
  /** When the pages were removed (older than a term, the academy's choice); the check stays. */
  pagesRemovedAt: isoDateTimeSchema.nullable(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** A homework as its lists show it: the contract's `_id, title, dueAt, status` and more. */
export const homeworkItemSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  dueAt: isoDateTimeSchema,
  /** For a student (or a parent's child): where it stands; for staff lists, 'pending'. */
  status: z.enum(HOMEWORK_STATUSES),
  handIn: z.boolean(),
  batch: namedRefSchema,
  late: z.boolean(),
  comment: z.string().nullable(),
  marks: z.number().nullable(),
});
export type HomeworkItem = z.infer<typeof homeworkItemSchema>;
export const homeworkListSchema = z.object({ homework: z.array(homeworkItemSchema) });
export type HomeworkList = z.infer<typeof homeworkListSchema>;

/** GET /api/homework/{id}: the homework, its attachments, and a student's own submission. */
export const homeworkDetailSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  instructions: z.string(),
  dueAt: isoDateTimeSchema,
  handIn: z.boolean(),
  batch: namedRefSchema,
  teacher: personRefSchema.nullable(),
  attachments: z.array(homeworkFileSchema),
  createdAt: isoDateTimeSchema,
  /** The caller's own submission (a student's); null otherwise or when none. */
  submission: submissionSchema.nullable(),
  /** Where it stands for the calling student (staff and parents: pending or late by the time). */
  status: z.enum(HOMEWORK_STATUSES),
});
export type HomeworkDetail = z.infer<typeof homeworkDetailSchema>;

/** A batch's homework for its teacher: counts of who handed in, late, checked. */
export const batchHomeworkItemSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  dueAt: isoDateTimeSchema,
  handIn: z.boolean(),
  batch: namedRefSchema,
  students: z.number().int(),
  handedIn: z.number().int(),
  late: z.number().int(),
  checked: z.number().int(),
});
export type BatchHomeworkItem = z.infer<typeof batchHomeworkItemSchema>;
/** The batch's record per student: homework handed in (due by now), handed in, on time. */
export const homeworkRecordRowSchema = z.object({ student: personRefSchema, due: z.number().int(), handedIn: z.number().int(), onTime: z.number().int() });
export type HomeworkRecordRow = z.infer<typeof homeworkRecordRowSchema>;
export const batchHomeworkListSchema = z.object({ homework: z.array(batchHomeworkItemSchema), record: z.array(homeworkRecordRowSchema) });

/** GET /api/homework/{id}/submissions: every student of the batch, with their submission if any. */
export const submissionRowSchema = z.object({
  student: personRefSchema,
  submission: submissionSchema.nullable(),
});
export type SubmissionRow = z.infer<typeof submissionRowSchema>;
export const submissionListSchema = z.object({ homework: homeworkDetailSchema.omit({ submission: true, status: true }), submissions: z.array(submissionRowSchema) });
export type SubmissionList = z.infer<typeof submissionListSchema>;

/** Where a homework stands for a student, from their submission and the time. */
export function homeworkStatusOf(submission: { status: 'submitted' | 'done' | 'redo' } | null, dueAt: Date, now: Date): HomeworkStatus {
  if (submission) return submission.status;
  return now.getTime() > dueAt.getTime() ? 'late' : 'pending';
}
