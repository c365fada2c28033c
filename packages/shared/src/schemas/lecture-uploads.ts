import { z } from 'zod';

/*
 * A lecture's recording sent in pieces (issue 75, decision 087): a resumable (tus) upload of a file the
 * phone already has, or the teacher's recording in class (the voice as a tus upload whose length is told
 * at the end, the board's stills sent one by one with their time).
 */

export const LECTURE_UPLOAD_MESSAGES = {
  uploadNotFound: 'This upload was not found: start it again',
  wrongOffset: 'The upload and the server disagree on how much was sent: the upload resumes from where the server is',
  tooLarge: 'The recording is larger than this academy takes: upload a shorter part',
  badLength: 'Tell the upload’s length in bytes (Upload-Length), or that it comes later (Upload-Defer-Length: 1)',
  stillTime: 'Send the still’s time in the recording as seconds from 0 to 86400 (t)',
  stillType: 'A still must be a JPEG picture of at most 1 MB',
  tooManyStills: 'This recording has as many stills as it may take (2000)',
  stillSaved: 'Still saved',
  noRecording: 'Nothing of this lecture was recorded yet',
  recordingFinished: 'Recording received: the lecture is being prepared',
  uploadBusy: 'This upload is being written by another connection: it resumes in a moment',
} as const;

/** The largest still of the board a recording sends (a 720p JPEG is 50–200 KB). */
export const LECTURE_STILL_MAX_BYTES = 1024 * 1024;
/** At most this many stills a recording (the renditions keep as many). */
export const LECTURE_MAX_RECORDED_STILLS = 2000;

/** POST /api/lectures/{id}/stills?t=12.3 (the body: the JPEG). */
export const lectureStillQuerySchema = z.object({
  t: z.coerce.number({ error: LECTURE_UPLOAD_MESSAGES.stillTime }).min(0, LECTURE_UPLOAD_MESSAGES.stillTime).max(86_400, LECTURE_UPLOAD_MESSAGES.stillTime),
});

/** GET /api/lectures/{id}/recording: what an interrupted recording left on the server. */
export const lectureRecordingSchema = z.object({
  /** The voice's bytes received so far (0 when nothing was). */
  bytes: z.number().int(),
  /** The stills received. */
  stills: z.number().int(),
});
export type LectureRecording = z.infer<typeof lectureRecordingSchema>;
