import { EXPECTED_USER_HEADER } from '@academy/shared/cookies';
import type { Submission } from '@academy/shared/schemas/homework';
import { normalizeError } from '../../lib/api-client';
import { indexedDbStore, mustWait, oneRunPerUser, userOutboxList } from '../../lib/outbox';
import { sendForm } from '../../lib/send-form';
import { isSignedIn } from '../../lib/session';

/**
 * A student's hand-in waits here, on the phone, until it is sent (issue 59): the same outbox as the
 * attendance's (features/attendance/attendance-outbox.ts): the signed-in person's own, sent on app start,
 * on the browser's `online` event and when asked, only under its owner's session (EXPECTED_USER_HEADER),
 * one entry per homework (a newer hand-in replaces the waiting one; the server replaces pages, so
 * sending again is safe), a refusal kept with the server's words. Only the storage differs: pages are
 * pictures of 200–300 KB each, more than localStorage holds, so their bytes are Blobs in IndexedDB,
 * while the list of what waits is the person's item in lib/user-storage.ts, so that signing out asks
 * before it deletes them, and pages whose owner signed out are never read (and are cleared).
 */
export type HandInEntry = {
  userId: string;
  homeworkId: string;
  title: string;
  pages: { name: string; type: string; blob: Blob }[];
  savedAt: string;
  /** The server's refusal, when it answered but did not take the pages. */
  error?: string;
};
/** What the list in localStorage keeps of an entry (the pages are in IndexedDB). */
type Waiting = Omit<HandInEntry, 'pages'> & { pageCount: number };
export type WaitingHandIn = Waiting;

const withStore = indexedDbStore('academy-homework-outbox', 'hand-ins');
const waitingList = userOutboxList<Waiting>('homework-outbox', 'academy:homework-outbox');

const keyOf = (userId: string, homeworkId: string) => `${userId}:${homeworkId}`;

/** The user's waiting hand-ins, oldest first (the same array while nothing changed, for useSyncExternalStore). */
export const readWaiting = waitingList.read;
const writeWaiting = waitingList.write;
export const subscribeHandIns = waitingList.subscribe;

/**
 * Keeps the pages on the phone before anything is sent: after a reload, a closed tab or a lost
 * connection they are still here. Throws when the phone cannot store them (private mode, full).
 */
export async function keepHandIn(entry: Omit<HandInEntry, 'savedAt' | 'error'>): Promise<void> {
  const savedAt = new Date().toISOString();
  await withStore('readwrite', (store) => store.put({ ...entry, savedAt }, keyOf(entry.userId, entry.homeworkId)));
  const others = readWaiting(entry.userId).filter((other) => other.homeworkId !== entry.homeworkId);
  writeWaiting(entry.userId, [...others, { userId: entry.userId, homeworkId: entry.homeworkId, title: entry.title, pageCount: entry.pages.length, savedAt }]);
}

export async function discardHandIn(userId: string, homeworkId: string): Promise<void> {
  writeWaiting(
    userId,
    readWaiting(userId).filter((entry) => entry.homeworkId !== homeworkId),
  );
  await withStore('readwrite', (store) => store.delete(keyOf(userId, homeworkId))).catch(() => undefined);
}

/**
 * Removes the stored pages no list names any more (their owner signed out on this phone, whoever it
 * was). Pages are stored before their list names them (keepHandIn): pages kept in the last minute are
 * left alone, so a hand-in being kept right now is never taken for an orphan.
 */
async function clearOrphans(): Promise<void> {
  const stored = await withStore<HandInEntry[]>('readonly', (store) => store.getAll()).catch(() => [] as HandInEntry[]);
  const recent = Date.now() - 60_000;
  for (const entry of stored) {
    const named = readWaiting(entry.userId).some((waiting) => waiting.homeworkId === entry.homeworkId && waiting.savedAt === entry.savedAt);
    if (!named && Date.parse(entry.savedAt) < recent) await withStore('readwrite', (store) => store.delete(keyOf(entry.userId, entry.homeworkId))).catch(() => undefined);
  }
}

/** The share of the current upload sent so far, per homework (the form's progress bar); null: not sending. */
type SendingProgress = (fraction: number | null) => void;
const progressListeners = new Map<string, SendingProgress>();
export function onHandInProgress(homeworkId: string, listener: SendingProgress): () => void {
  progressListeners.set(homeworkId, listener);
  return () => {
    if (progressListeners.get(homeworkId) === listener) progressListeners.delete(homeworkId);
  };
}

/**
 * Sends the user's waiting hand-ins, oldest first, if the browser's session is still theirs; stops at
 * the first network failure (still offline) or when the session has ended. Returns what the server
 * took. One run at a time per user.
 */
export const sendHandIns = oneRunPerUser(sendEntries);

async function sendEntries(userId: string): Promise<Submission[]> {
  const sent: Submission[] = [];
  await clearOrphans();
  if (readWaiting(userId).length === 0 || !(await isSignedIn(userId))) return sent;
  for (const waiting of readWaiting(userId)) {
    if (waiting.error) continue; // refused before: waits for the student to discard it or hand in again
    // Signing out removes the list, perhaps while this runs: send only what still waits.
    if (!readWaiting(userId).some((other) => other.homeworkId === waiting.homeworkId && other.savedAt === waiting.savedAt)) continue;
    const entry = await withStore<HandInEntry | undefined>('readonly', (store) => store.get(keyOf(userId, waiting.homeworkId))).catch(() => undefined);
    if (!entry) {
      await discardHandIn(userId, waiting.homeworkId);
      continue;
    }
    const form = new FormData();
    for (const page of entry.pages) form.append('pages', new File([page.blob], page.name, { type: page.type }), page.name);
    const progress = (fraction: number | null) => progressListeners.get(entry.homeworkId)?.(fraction);
    progress(0);
    try {
      const { data } = await sendForm<Submission>('POST', `/homework/${encodeURIComponent(entry.homeworkId)}/submissions`, form, progress, undefined, {
        [EXPECTED_USER_HEADER]: userId,
      });
      // A newer hand-in of the same homework, kept while this one was on its way, still waits.
      if (readWaiting(userId).find((other) => other.homeworkId === entry.homeworkId)?.savedAt === entry.savedAt) await discardHandIn(userId, entry.homeworkId);
      sent.push(data);
    } catch (error) {
      if (mustWait(error)) break;
      const message = normalizeError(error).message;
      writeWaiting(
        userId,
        readWaiting(userId).map((other) => (other.homeworkId === entry.homeworkId ? { ...other, error: message } : other)),
      );
    } finally {
      progress(null);
    }
  }
  return sent;
}
