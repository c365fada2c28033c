import { NOT_A_PICTURE } from '@academy/shared/omr/messages';
import { OmrUnreadable, WORKING_SIZE, findCorners, grayFromRgba, readSheet } from '@academy/shared/omr/reader';
import { numericQuestions } from '@academy/shared/omr/layout';
import { sharpness, type Corners } from './omr-steady';

export type PhoneReadingResult =
  | { ok: true; reading: { testId: string; studentId: string | null; questions: number; options: number; numeric: number; numericQuestions: number[]; answers: (string | null)[]; uncertain: number[]; idDigits: string | null; idProblem?: string }; seconds: number }
  | { ok: false; reason: string; unreadable: boolean; seconds: number };

/** The photo decoded with its EXIF rotation, at the reader's working size, in greyscale (an OffscreenCanvas). */
async function grayOf(photo: Blob) {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, WORKING_SIZE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return grayFromRgba(context.getImageData(0, 0, width, height).data, width, height);
  } finally {
    bitmap.close();
  }
}

/**
 * Reads a photo of an OMR sheet in the browser (issue 76, decision 086): the same core as the server's
 * (packages/shared/src/omr/reader.ts) over a canvas's pixels. Run in the Scan screen's worker
 * (omr-worker.ts) and by the bench in Chromium (bench/omr/phone-bench.ts).
 */
export async function readPhoto(photo: Blob): Promise<PhoneReadingResult> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    let gray;
    try {
      gray = await grayOf(photo);
    } catch {
      throw new OmrUnreadable(NOT_A_PICTURE);
    }
    const { qr, answers, uncertain, idDigits, idProblem } = readSheet(gray);
    return { ok: true, reading: { testId: qr.testId, studentId: qr.studentId, questions: qr.questions, options: qr.options, numeric: qr.numeric ?? 0, numericQuestions: numericQuestions(qr), answers, uncertain, idDigits, ...(idProblem ? { idProblem } : {}) }, seconds: seconds() };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error), unreadable: error instanceof OmrUnreadable, seconds: seconds() };
  }
}

/** A camera frame (RGBA, small): the sheet's four corner marks if they are in it, and how sharp it is (automatic capture, omr-steady.ts). */
export function lookAtFrame(frame: { data: Uint8ClampedArray; width: number; height: number }): { corners: Corners | null; sharpness: number } {
  const gray = grayFromRgba(frame.data, frame.width, frame.height);
  let corners: Corners | null;
  try {
    corners = findCorners(gray);
  } catch {
    corners = null;
  }
  return { corners, sharpness: sharpness(gray) };
}
