import { EXPECTED_USER_HEADER } from '@academy/shared/cookies';
import type { AttendanceDay, AttendanceSubmission } from '@academy/shared/schemas/attendance';
import { apiRequestWithMessage, normalizeError } from '../../lib/api-client';
import { mustWait, oneRunPerUser, userOutboxList } from '../../lib/outbox';
import { isSignedIn } from '../../lib/session';
import { clearDraft } from './attendance-draft';

/**
 * Attendance submitted without a connection waits here, on the phone, until it can be sent: on the
 * browser's `online` event, when the app starts, or when the teacher asks. One entry per batch and day
 * (a newer submission replaces the waiting one); re-sending is safe because the server replaces a day's
 * marks. A refusal by the server (not a network failure) keeps the entry with the server's message, so
 * the teacher sees it and can discard it; nothing is dropped silently.
 *
 * The outbox is the signed-in teacher's own (lib/user-storage.ts): on a shared phone the next person
 * neither sees it nor sends it, and it is sent only under its teacher's session (issue 35, finding 9).
 */
export type OutboxEntry = {
  /** The teacher who submitted it: only their session may send it. */
  userId: string;
  batchId: string;
  batchName: string;
  date: string;
  submission: AttendanceSubmission;
  savedAt: string;
  /** The server's refusal, when it answered but did not accept the marks. */
  error?: string;
};

const outbox = userOutboxList<OutboxEntry>('attendance-outbox', 'academy:attendance-outbox');

/** The user's waiting entries, oldest first (the same array while nothing changed, for useSyncExternalStore). */
export const readOutbox = outbox.read;
const writeOutbox = outbox.write;
export const subscribeOutbox = outbox.subscribe;

const sameDay = (entry: OutboxEntry, batchId: string, date: string) => entry.batchId === batchId && entry.date === date;
const sameEntry = (entry: OutboxEntry, other: OutboxEntry) => sameDay(entry, other.batchId, other.date) && entry.savedAt === other.savedAt;

export function addToOutbox(entry: Omit<OutboxEntry, 'savedAt' | 'error'>) {
  const others = readOutbox(entry.userId).filter((other) => !sameDay(other, entry.batchId, entry.date));
  writeOutbox(entry.userId, [...others, { ...entry, savedAt: new Date().toISOString() }]);
}

export function discardFromOutbox(userId: string, batchId: string, date: string) {
  writeOutbox(userId, readOutbox(userId).filter((entry) => !sameDay(entry, batchId, date)));
}

/**
 * Sends the user's waiting entries, oldest first, if the browser's session is still theirs; stops at
 * the first network failure (still offline) or when the session has ended. Returns the days the server
 * saved. One run at a time per user.
 */
export const sendOutbox = oneRunPerUser(sendEntries);

async function sendEntries(userId: string): Promise<AttendanceDay[]> {
  const saved: AttendanceDay[] = [];
  if (readOutbox(userId).length === 0 || !(await isSignedIn(userId))) return saved;
  for (const entry of readOutbox(userId)) {
    if (entry.error) continue; // refused before: waits for the teacher to discard or open it
    // Signing out removes the user's entries, perhaps while this runs: send only what still waits.
    if (!readOutbox(userId).some((other) => sameEntry(other, entry))) continue;
    try {
      const { data } = await apiRequestWithMessage<AttendanceDay>('POST', `/attendance/batch/${encodeURIComponent(entry.batchId)}`, entry.submission, {
        // The server refuses it (401, the entry waits) if the session became someone else's since the check above.
        headers: { [EXPECTED_USER_HEADER]: userId },
      });
      writeOutbox(userId, readOutbox(userId).filter((other) => !sameEntry(other, entry)));
      clearDraft(userId, entry.batchId, entry.date);
      saved.push(data);
    } catch (error) {
      if (mustWait(error)) break;
      const message = normalizeError(error).message;
      writeOutbox(userId, readOutbox(userId).map((other) => (sameEntry(other, entry) ? { ...other, error: message } : other)));
    }
  }
  return saved;
}
