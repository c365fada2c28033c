import { t } from '@lingui/core/macro';
import type { OmrFrame, OmrFrameLook, OmrWorkerReply } from './omr-worker';
import type { PhoneReadingResult } from './omr-read-photo';

export type PhoneReading = Extract<PhoneReadingResult, { ok: true }>['reading'];
export type PhoneResult = PhoneReadingResult;

let worker: Worker | null = null;
let next = 1;
const waiting = new Map<number, (reply: PhoneResult | OmrFrameLook) => void>();

/** The reader's worker, started at the first photo (its code is fetched then, by the Scan screen only). */
function readerWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./omr-worker.ts', import.meta.url), { type: 'module', name: 'omr-reader' });
  worker.onmessage = (event: MessageEvent<OmrWorkerReply>) => {
    const { id, ...result } = event.data;
    waiting.get(id)?.(result);
    waiting.delete(id);
  };
  worker.onerror = () => {
    for (const resolve of waiting.values()) resolve({ ok: false, reason: t`The reader could not start on this phone`, unreadable: false, seconds: 0 });
    waiting.clear();
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/**
 * Starts the reader as the Scan screen opens, while there is signal: its code is fetched (and kept by
 * the service worker's rule for the app's files) before the first photo, which may come without signal.
 */
export function prepareReader(): void {
  readerWorker();
}

/** Reads a photo of an OMR sheet on this phone (no signal needed): the same reader as the server's. */
export function readOnPhone(photo: Blob): Promise<PhoneResult> {
  const id = next++;
  return new Promise((resolve) => {
    waiting.set(id, (reply) => resolve(reply as PhoneResult));
    readerWorker().postMessage({ id, photo });
  });
}

/** Looks at a small camera frame for the sheet's corner marks and its sharpness (automatic capture); the pixels are handed over, not copied. */
export function lookAtFrameOnPhone(frame: OmrFrame): Promise<OmrFrameLook> {
  const id = next++;
  return new Promise((resolve) => {
    waiting.set(id, (reply) => resolve('corners' in reply ? reply : { corners: null, sharpness: 0 }));
    readerWorker().postMessage({ id, frame }, [frame.data.buffer]);
  });
}
