import { readPhoto, type PhoneReadingResult } from './omr-read-photo';

/**
 * The OMR reader on the phone (issue 76, decision 086), in a Web Worker so the screen stays smooth:
 * each photo posted is read by readPhoto (omr-read-photo.ts: the shared core over a canvas's pixels).
 * Started only by the Scan screen (omr-phone-reader.ts), so no other screen loads the reader.
 */
export type OmrWorkerRequest = { id: number; photo: Blob };
export type OmrWorkerReply = PhoneReadingResult & { id: number };

/** The worker's own scope (the web's types are the window's; a worker has these two). */
const scope = self as unknown as { onmessage: ((event: MessageEvent<OmrWorkerRequest>) => void) | null; postMessage: (reply: OmrWorkerReply) => void };

scope.onmessage = (event) => {
  const { id, photo } = event.data;
  void readPhoto(photo).then((result) => scope.postMessage({ ...result, id }));
};
