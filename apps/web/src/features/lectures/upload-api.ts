import { Upload, type DetailedError } from 'tus-js-client';
import { LANGUAGE_HEADER } from '@academy/shared/languages';
import type { Lecture, LectureInput } from '@academy/shared/schemas/lectures';
import type { LectureRecording } from '@academy/shared/schemas/lecture-uploads';
import { API_BASE, apiRequest, ApiError } from '../../lib/api-client';
import { currentLanguage } from '../../lib/current-language';

/*
 * The teacher's side of a lecture's recording (issue 75, decision 087): the lecture added to a batch,
 * its file sent with the tus protocol (resumable: the upload's address is kept in the browser's
 * localStorage under the file's fingerprint, so the same file chosen again after a reload or a network
 * change goes on from where the server is), and a recording in class sent while it is recorded.
 */

/** POST /api/batches/{id}/lectures: the lecture and where its recording goes (the tus endpoint). */
export function createLecture(batchId: string, input: LectureInput): Promise<{ _id: string; upload: { url: string } }> {
  return apiRequest('POST', `/batches/${encodeURIComponent(batchId)}/lectures`, input);
}

export const tusEndpointOf = (lectureId: string) => `${API_BASE}/lectures/${encodeURIComponent(lectureId)}/tus`;

/** Waits this long before each new try after a failed request: a phone's connection comes back within minutes. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 15_000, 20_000, 30_000, 30_000, 30_000, 60_000, 60_000, 60_000, 60_000, 60_000];

/** The words of a failed tus request: the server's `message` when it sent one, else what the browser said. */
export function uploadErrorMessage(error: Error, fallback: string): string {
  const response = (error as DetailedError).originalResponse;
  const body = response?.getBody?.();
  if (body) {
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
    } catch {
      // Not JSON: the tus server's own words.
      if (body.length < 300) return body.trim();
    }
  }
  return fallback;
}

export type UploadCallbacks = { onProgress: (sent: number, total: number) => void; onSuccess: () => void; onError: (error: Error) => void };

/** A file the phone has, sent to the lecture's tus endpoint; resumes a previous upload of the same file. */
export function uploadLectureFile(lectureId: string, file: File, callbacks: UploadCallbacks): { start: () => void; pause: () => void } {
  const upload = new Upload(file, {
    endpoint: new URL(tusEndpointOf(lectureId), window.location.origin).href,
    // Pieces of 8 MB: a dropped connection costs at most one piece; a request never runs for long.
    chunkSize: 8 * 1024 * 1024,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type, kind: 'file' },
    headers: { [LANGUAGE_HEADER]: currentLanguage() },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: callbacks.onProgress,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
  return {
    start: () => {
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    },
    pause: () => void upload.abort(),
  };
}

/**
 * A recording sent while it is made: the bytes arrive from MediaRecorder through a stream, tus sends a
 * piece every few seconds (its length told at the end), and on a dropped connection keeps what was not
 * sent yet and tries again.
 */
export function streamLectureRecording(lectureId: string, reader: ReadableStreamDefaultReader<Uint8Array>, callbacks: UploadCallbacks): { start: () => void } {
  const upload = new Upload(reader as unknown as File, {
    endpoint: new URL(tusEndpointOf(lectureId), window.location.origin).href,
    // At 24 kb/s, 3 KB a second: a piece of 8 KB every 2–3 s, so a closed tab loses at most that.
    chunkSize: 8 * 1024,
    uploadLengthDeferred: true,
    retryDelays: RETRY_DELAYS,
    metadata: { kind: 'recording', filetype: 'audio/webm' },
    headers: { [LANGUAGE_HEADER]: currentLanguage() },
    storeFingerprintForResuming: false,
    onProgress: callbacks.onProgress,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
  return { start: () => upload.start() };
}

/** A still of the board at `t` seconds into the recording. */
export async function sendStill(lectureId: string, t: number, jpeg: Blob): Promise<void> {
  const response = await fetch(`${API_BASE}/lectures/${encodeURIComponent(lectureId)}/stills?t=${t.toFixed(1)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'image/jpeg', [LANGUAGE_HEADER]: currentLanguage() },
    body: jpeg,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message ?? response.statusText, response.status, body);
  }
}

/** What an interrupted recording left on the server. */
export function recordingLeft(lectureId: string): Promise<LectureRecording> {
  return apiRequest('GET', `/lectures/${encodeURIComponent(lectureId)}/recording`);
}

/** Takes what an interrupted recording left as the lecture's recording. */
export function finishRecording(lectureId: string): Promise<Lecture> {
  return apiRequest('POST', `/lectures/${encodeURIComponent(lectureId)}/recording/finish`);
}
