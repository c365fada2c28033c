import { EXPECTED_USER_HEADER } from '@academy/shared/cookies';
import type { z } from 'zod';
import type { omrScanResultSchema } from '@academy/shared/schemas/omr';
import { normalizeError } from '../../lib/api-client';
import { indexedDbStore, mustWait } from '../../lib/outbox';
import { sendForm } from '../../lib/send-form';
import { isSignedIn } from '../../lib/session';
import type { PhoneReading } from './omr-phone-reader';

type OmrScanResult = z.infer<typeof omrScanResultSchema>;

/**
 * Sheets read on the phone wait here until the server has them (issue 76, decision 086): the photo and
 * what the phone read, in IndexedDB (photos are too big for localStorage). The same outbox rules as the
 * attendance's and the hand-ins' (features/homework/hand-in-outbox.ts): the signed-in person's own
 * entries, sent when the Scan screen opens, on the browser's `online` event and after each photo, only
 * under their owner's session (EXPECTED_USER_HEADER); a network failure or an ended session stops the
 * run and the entry waits; a refusal (422: another test's sheet, a student not in the batch) is kept
 * with the server's words until the teacher discards it. The server reads the photo again for the
 * record; a question the phone and the server read differently is flagged for the teacher.
 */
export type OmrOutboxEntry = {
  key: string;
  userId: string;
  examId: string;
  photo: Blob;
  reading: PhoneReading;
  savedAt: string;
  error?: string;
};

const CHANGED = 'academy:omr-outbox';
const withStore = indexedDbStore('academy-omr-outbox', 'sheets');

const changed = () => window.dispatchEvent(new Event(CHANGED));

export function subscribeOmrOutbox(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  return () => window.removeEventListener(CHANGED, onChange);
}

/** The user's sheets still waiting for this test, oldest first. */
export async function waitingSheets(userId: string, examId: string): Promise<OmrOutboxEntry[]> {
  const all = await withStore<OmrOutboxEntry[]>('readonly', (store) => store.getAll()).catch(() => [] as OmrOutboxEntry[]);
  return all.filter((entry) => entry.userId === userId && entry.examId === examId).sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

/** Keeps a read sheet on the phone before anything is sent. Throws when the phone cannot store it. */
export async function keepSheet(entry: Omit<OmrOutboxEntry, 'key' | 'savedAt' | 'error'>): Promise<OmrOutboxEntry> {
  const savedAt = new Date().toISOString();
  const kept: OmrOutboxEntry = { ...entry, savedAt, key: `${entry.userId}:${entry.examId}:${savedAt}:${Math.random().toString(36).slice(2, 8)}` };
  await withStore('readwrite', (store) => store.put(kept, kept.key));
  changed();
  return kept;
}

export async function discardSheet(key: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(key)).catch(() => undefined);
  changed();
}

let sending: Promise<Map<string, OmrScanResult>> | null = null;

/**
 * Sends the user's waiting sheets of a test, oldest first; stops at the first network failure or ended
 * session. Returns the server's scan for each entry it took (by the entry's key). One run at a time.
 */
export function sendSheets(userId: string, examId: string): Promise<Map<string, OmrScanResult>> {
  if (sending) return sending.then(() => sendSheets(userId, examId));
  const run = sendEntries(userId, examId).finally(() => {
    sending = null;
  });
  sending = run;
  return run;
}

async function sendEntries(userId: string, examId: string): Promise<Map<string, OmrScanResult>> {
  const sent = new Map<string, OmrScanResult>();
  const entries = (await waitingSheets(userId, examId)).filter((entry) => !entry.error);
  if (entries.length === 0 || !(await isSignedIn(userId))) return sent;
  for (const entry of entries) {
    const form = new FormData();
    // The phone's reading before the file: the server reads fields up to the file part.
    form.append('reading', JSON.stringify({ answers: entry.reading.answers, uncertain: entry.reading.uncertain }));
    form.append('file', new File([entry.photo], 'sheet.jpg', { type: entry.photo.type || 'image/jpeg' }));
    try {
      const { data } = await sendForm<OmrScanResult>('POST', `/tests/${encodeURIComponent(examId)}/omr-scans`, form, undefined, undefined, { [EXPECTED_USER_HEADER]: userId });
      await discardSheet(entry.key);
      sent.set(entry.key, data);
    } catch (error) {
      if (mustWait(error)) break;
      await withStore('readwrite', (store) => store.put({ ...entry, error: normalizeError(error).message }, entry.key)).catch(() => undefined);
      changed();
    }
  }
  return sent;
}
