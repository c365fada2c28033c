import { z } from 'zod';
import { calendarDateSchema, isoDateTimeSchema, namedRefSchema, requiredNameSchema } from './common';

/*
 * Lectures (issue 75; docs/decisions/079-lectures-backbone.md): a teacher records or uploads a batch's
 * lecture; a background job makes its renditions with ffmpeg (the voice with the board's stills first,
 * then low video rungs), played as HLS by the batch's students and their parents.
 */

/** Where a lecture stands: waiting for its file, being rendered, playable, or not renderable (with a reason). */
export const LECTURE_STATUSES = ['uploading', 'processing', 'ready', 'failed'] as const;
export type LectureStatus = (typeof LECTURE_STATUSES)[number];

/** The renditions: speech (Opus) with board stills for every lecture; video rungs for an uploaded video. */
export const LECTURE_RENDITION_KINDS = ['voice-board', '240p', '360p'] as const;
export type LectureRenditionKind = (typeof LECTURE_RENDITION_KINDS)[number];

/** An upload's size limit unless the server's LECTURE_MAX_UPLOAD_MB sets another (a phone's hour of 720p is 1–2 GB). */
export const LECTURE_DEFAULT_MAX_UPLOAD_MB = 2048;

export const LECTURE_MESSAGES = {
  created: 'Lecture added: upload its recording',
  uploaded: 'Recording received: the lecture is being prepared',
  notFound: 'Lecture not found',
  // A lecture its teacher or the admin removed (decision 091): told only to who could watch it.
  removed: 'This lecture was removed',
  removedDone: 'Lecture removed',
  removeWhileProcessing: 'This lecture is being prepared: remove it once it is ready',
  batchNotFound: 'Batch not found',
  fileRequired: 'Choose the recording: a video or audio file, sent as the "file" field',
  emptyFile: 'This file is empty',
  badFile: 'The recording must be a video or audio file (MP4, MOV, 3GP, WebM, MKV, AVI, M4A, MP3, AAC, OGG, Opus, WAV, AMR or FLAC)',
  tooLarge: 'The recording is larger than this academy takes: upload a shorter part',
  alreadyUploaded: 'This lecture already has its recording',
  date: 'Enter a date as YYYY-MM-DD',
  // Why a lecture failed (its `failureReason`): the web shows them in the reader's language (server-messages.ts).
  unreadable: 'The file could not be read as a video or audio recording: upload it again, or record it again',
  noSound: 'The recording has no sound: record it again with the microphone on',
  gaveUp: 'The lecture could not be prepared after several tries: upload the recording again',
  viewSaved: 'Progress saved',
  position: 'Send the position as whole seconds from 0 to 86400',
  secondsWatched: 'Send the seconds watched as whole seconds from 0 to 86400',
} as const;

/** Lectures in the academy's bucket (decision 096): what the player and the admin are told. */
export const LECTURE_BUCKET_MESSAGES = {
  unavailable: 'This part of the lecture is in the academy’s bucket, which did not answer: try again in a minute',
  noBucket: 'This part of the lecture is in the academy’s bucket, whose settings are gone',
  keysUnreadable: 'The bucket’s keys stored on this server no longer open (APP_SECRET changed): enter them again in Backup → Backups off the machine',
  notInBucket: 'This part of the lecture is not in the academy’s bucket as it is set now (was the bucket or its address changed?): the admin copies the academy’s lectures folder across from the old one',
} as const;

/** The longest lecture a view may describe (a day, in seconds): anything beyond is a bad report. */
export const LECTURE_MAX_SECONDS = 86_400;

/** POST /api/batches/{id}/lectures. */
export const lectureInputSchema = z.object(
  {
    date: calendarDateSchema,
    title: requiredNameSchema('Title', 200),
  },
  { error: 'Send the lecture as an object with date and title' },
);
export type LectureInput = z.input<typeof lectureInputSchema>;

export const lectureRenditionSchema = z.object({
  kind: z.enum(LECTURE_RENDITION_KINDS),
  /** Every file of the rendition together (playlist, segments, stills). */
  bytes: z.number().int(),
  /** The playlist's address (HLS), for a player. */
  playlist: z.string(),
  /** The board stills' timeline (voice-board only): `[{ t, still }]`, seconds and the still's address relative to it. */
  stills: z.string().optional(),
  /** voice-board of a video (decision 082): the master playlist naming every rung, voice-board first. */
  master: z.string().optional(),
  /** A rung's peak bits a second (its segments'), as its master playlist entry says. */
  bandwidth: z.number().int().optional(),
  /** A video rung's picture, `426x240`. */
  resolution: z.string().optional(),
});
export type LectureRendition = z.infer<typeof lectureRenditionSchema>;

/** The most chapters a lecture may have, and the longest title of one. */
export const LECTURE_MAX_CHAPTERS = 50;
export const LECTURE_CHAPTER_TITLE_MAX = 80;
export const LECTURE_CHAPTER_MESSAGES = {
  time: 'Give each chapter’s start as whole seconds from 0 to 86400',
  title: 'Give each chapter a title of 1 to 80 characters',
  tooMany: 'A lecture may have at most 50 chapters',
  sameTime: 'Two chapters start at the same second: keep one',
  list: 'Send the chapters as a list of { t, title }',
  saved: 'Chapters saved',
} as const;

/** A chapter the teacher marked: where it starts (whole seconds) and its title (decision 097). */
export const lectureChapterSchema = z.object({
  t: z.number({ error: LECTURE_CHAPTER_MESSAGES.time }).int({ error: LECTURE_CHAPTER_MESSAGES.time }).min(0, { error: LECTURE_CHAPTER_MESSAGES.time }).max(86_400, { error: LECTURE_CHAPTER_MESSAGES.time }),
  title: z.string({ error: LECTURE_CHAPTER_MESSAGES.title }).trim().min(1, { error: LECTURE_CHAPTER_MESSAGES.title }).max(LECTURE_CHAPTER_TITLE_MAX, { error: LECTURE_CHAPTER_MESSAGES.title }),
});
export type LectureChapter = z.infer<typeof lectureChapterSchema>;

/** PUT /api/lectures/{id}/chapters: the whole list (replaces the old one), any order; answered sorted by time. */
export const lectureChaptersInputSchema = z.object(
  {
    chapters: z
      .array(lectureChapterSchema, { error: LECTURE_CHAPTER_MESSAGES.list })
      .max(LECTURE_MAX_CHAPTERS, { error: LECTURE_CHAPTER_MESSAGES.tooMany })
      .refine((chapters) => new Set(chapters.map((chapter) => chapter.t)).size === chapters.length, { error: LECTURE_CHAPTER_MESSAGES.sameTime }),
  },
  { error: LECTURE_CHAPTER_MESSAGES.list },
);
export type LectureChaptersInput = z.input<typeof lectureChaptersInputSchema>;

/**
 * How far a lecture's job is (migration 0097): the rendition it is making (voice + board first, then a
 * video's 240p and 360p rungs) and how much of it is done, 0–100, read from ffmpeg's progress.
 */
export const lectureProgressSchema = z.object({
  step: z.enum(LECTURE_RENDITION_KINDS),
  percent: z.number().int().min(0).max(100),
});
export type LectureProgress = z.infer<typeof lectureProgressSchema>;

export const lectureSchema = z.object({
  _id: z.uuid(),
  batch: namedRefSchema,
  date: z.string(),
  title: z.string(),
  status: z.enum(LECTURE_STATUSES),
  failureReason: z.string().nullable(),
  renditions: z.array(lectureRenditionSchema),
  /** The chapters its teacher marked, by time (decision 097). */
  chapters: z.array(lectureChapterSchema),
  /**
   * While its job renders it (status `processing`, or `ready` while a video's rungs are still made): the
   * step and its percent, updated every few seconds; null otherwise. Not part of the contract.
   */
  progress: lectureProgressSchema.nullable().optional(),
  /** Whether the caller may upload its recording (an admin, the batch's teacher) while it is `uploading`. */
  canUpload: z.boolean(),
  /** A student's own progress (where to resume, decision 082); null for anyone else or before they play it. */
  myView: z.object({ position: z.number().int(), secondsWatched: z.number().int() }).nullable(),
  /** GET /api/lectures/{id} only (decision 088): who is watching, drawn over the picture: the student's name and ID, anyone else's name and email. */
  watermark: z.string().optional(),
  /** When its teacher or the admin removed it, or the academy's retention its files (decision 091): it cannot be played. */
  removedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Lecture = z.infer<typeof lectureSchema>;

/** POST /api/batches/{id}/lectures answers the lecture's id and where its recording goes. */
export const lectureCreatedSchema = z.object({ _id: z.uuid(), upload: z.object({ url: z.string() }) });

/** GET /api/lectures/{id}/hls/{kind}/{name}. */
export const lectureFileParamsSchema = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  kind: z.enum(LECTURE_RENDITION_KINDS, { error: 'Unknown rendition' }),
  name: z.string().regex(/^[a-z0-9][a-z0-9.-]{0,99}$/, 'Unknown file'),
});

/**
 * PUT /api/lectures/{id}/view: the player's report of a student's watching (decision 082). `position` is
 * where they are now (resumed there next time), `secondsWatched` the seconds they have played in all
 * (the player adds to what GET /api/lectures/{id} answered as `myView`; the server keeps the larger).
 */
const seconds = (message: string) => z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(LECTURE_MAX_SECONDS, { error: message });
export const lectureViewInputSchema = z.object(
  { position: seconds(LECTURE_MESSAGES.position), secondsWatched: seconds(LECTURE_MESSAGES.secondsWatched) },
  { error: 'Send the progress as an object with position and secondsWatched' },
);
export type LectureViewInput = z.input<typeof lectureViewInputSchema>;
export const lectureViewSchema = z.object({ position: z.number().int(), secondsWatched: z.number().int(), furthest: z.number().int() });

/** GET /api/lectures/{id}/views: each enrolled student of the batch, the day's absent first. */
export const lectureViewerSchema = z.object({
  student: namedRefSchema,
  /** Marked absent in the batch on the lecture's day. */
  absent: z.boolean(),
  secondsWatched: z.number().int(),
  furthest: z.number().int(),
  lastWatchedAt: isoDateTimeSchema.nullable(),
});
export type LectureViewer = z.infer<typeof lectureViewerSchema>;
