import { z } from 'zod';

/*
 * Settings → Lectures (issue 75, decision 088): who may record, how long lectures are kept on the server
 * and how long a phone keeps a lecture downloaded to watch offline; with the storage each batch uses.
 */

/** Who may add (record or upload) a lecture: every teacher of their own batches, only the teachers chosen, or only the admin. */
export const LECTURE_RECORDERS = ['all-teachers', 'chosen-teachers', 'admin-only'] as const;
export type LectureRecorders = (typeof LECTURE_RECORDERS)[number];

/** A lecture kept at most ten years; a download on a phone at most a year. */
export const LECTURE_MAX_KEEP_DAYS = 3650;
export const LECTURE_MAX_OFFLINE_DAYS = 365;
/** A download kept this many days on a phone unless the academy sets another. */
export const LECTURE_DEFAULT_OFFLINE_DAYS = 14;

export const LECTURE_SETTINGS_MESSAGES = {
  saved: 'Lecture settings saved',
  recorders: 'Choose who may record: all-teachers, chosen-teachers or admin-only',
  teacherIds: 'Choose the teachers from the list',
  chooseTeacher: 'Choose at least one teacher who may record',
  keepDays: `Keep lectures for a whole number of days from 1 to ${LECTURE_MAX_KEEP_DAYS}, or leave it empty to keep them`,
  offlineDays: `Keep downloads for a whole number of days from 1 to ${LECTURE_MAX_OFFLINE_DAYS}`,
  mayNotRecord: 'This academy lets only chosen people record lectures: ask the admin',
} as const;

const M = LECTURE_SETTINGS_MESSAGES;

/** PUT /api/admin/settings/lectures. */
export const lectureSettingsInputSchema = z
  .object(
    {
      recorders: z.enum(LECTURE_RECORDERS, { error: M.recorders }),
      teacherIds: z.array(z.uuid({ error: M.teacherIds }), { error: M.teacherIds }).max(500, { error: M.teacherIds }).default([]),
      /** Null: lectures are kept until removed by hand. */
      keepDays: z.number({ error: M.keepDays }).int({ error: M.keepDays }).min(1, { error: M.keepDays }).max(LECTURE_MAX_KEEP_DAYS, { error: M.keepDays }).nullable(),
      offlineDays: z.number({ error: M.offlineDays }).int({ error: M.offlineDays }).min(1, { error: M.offlineDays }).max(LECTURE_MAX_OFFLINE_DAYS, { error: M.offlineDays }),
    },
    { error: 'Send the lecture settings as an object with recorders, teacherIds, keepDays and offlineDays' },
  )
  .superRefine((value, context) => {
    if (value.recorders === 'chosen-teachers' && value.teacherIds.length === 0) context.addIssue({ code: 'custom', path: ['teacherIds'], message: M.chooseTeacher });
  });
export type LectureSettingsInput = z.input<typeof lectureSettingsInputSchema>;

export const lectureSettingsValuesSchema = z.object({
  recorders: z.enum(LECTURE_RECORDERS),
  teacherIds: z.array(z.uuid()),
  keepDays: z.number().int().nullable(),
  offlineDays: z.number().int(),
});
export type LectureSettingsValues = z.infer<typeof lectureSettingsValuesSchema>;

/** GET /api/admin/settings/lectures: the settings, the teachers to choose from, and each batch's lectures' bytes. */
export const lectureSettingsSchema = lectureSettingsValuesSchema.extend({
  teachers: z.array(z.object({ _id: z.uuid(), name: z.string() })),
  storage: z.array(z.object({ batch: z.object({ _id: z.uuid(), name: z.string() }), lectures: z.number().int(), bytes: z.number().int() })),
  totalBytes: z.number().int(),
  /**
   * The academy's bucket (decision 096; the off-site backups' one): the bytes of lecture files in it, the
   * ready lectures still only on the server (`waiting`), those whose last copy failed and the newest reason.
   * Null: no bucket set and nothing in one.
   */
  bucket: z
    .object({ on: z.boolean(), bytes: z.number().int(), waiting: z.number().int(), failed: z.number().int(), lastError: z.string().nullable() })
    .nullable(),
});
export type LectureSettings = z.infer<typeof lectureSettingsSchema>;

/** GET /api/lectures/offline-policy: how long this academy lets a phone keep a download (any signed-in reader). */
export const lectureOfflinePolicySchema = z.object({ offlineDays: z.number().int() });
