import { lookAtFrame, readPhoto, type PhoneReadingResult } from './omr-read-photo';
import type { Corners } from './omr-steady';

/**
 * The OMR reader on the phone (issue 76, decision 086), in a Web Worker so the screen stays smooth:
 * each photo posted is read by readPhoto (omr-read-photo.ts: the shared core over a canvas's pixels);
 * each camera frame posted is looked at for the sheet's corners (automatic capture, decision 092).
 * Started only by the Scan screen (omr-phone-reader.ts), so no other screen loads the reader.
 */
export type OmrFrame = { data: Uint8ClampedArray; width: number; height: number };
export type OmrWorkerRequest = { id: number; photo: Blob } | { id: number; frame: OmrFrame };
export type OmrFrameLook = { corners: Corners | null; sharpness: number };
export type OmrWorkerReply = (PhoneReadingResult | OmrFrameLook) & { id: number };

/** The worker's own scope (the web's types are the window's; a worker has these two). */
const scope = self as unknown as { onmessage: ((event: MessageEvent<OmrWorkerRequest>) => void) | null; postMessage: (reply: OmrWorkerReply) => void };

scope.onmessage = (event) => {
  const request = event.data;
  if ('frame' in request) {
    scope.postMessage({ ...lookAtFrame(request.frame), id: request.id });
    return;
  }
  void readPhoto(request.photo).then((result) => scope.postMessage({ ...result, id: request.id }));
};
