import type { AttendanceDay, AttendanceSubmission } from '@academy/shared/schemas/attendance';
import { ApiError, apiRequestWithMessage, normalizeError } from '../../lib/api-client';
import { clearDraft } from './attendance-draft';

/**
 * Attendance submitted without a connection waits here, on the phone (localStorage), until it can
 * be sent: on the browser's `online` event, when the app starts, or when the teacher asks. One entry
 * per batch and day (a newer submission replaces the waiting one); re-sending is safe because the
 * server replaces a day's marks. A refusal by the server (not a network failure) keeps the entry with
 * the server's message, so the teacher sees it and can discard it; nothing is dropped silently.
 */
export type OutboxEntry = {
  batchId: string;
  batchName: string;
  date: string;
  submission: AttendanceSubmission;
  savedAt: string;
  /** The server's refusal, when it answered but did not accept the marks. */
  error?: string;
};

const KEY = 'academy.attendance-outbox';
const CHANGED = 'academy:attendance-outbox';

/** A failure to reach the server at all (offline, DNS, connection reset), as opposed to an HTTP answer. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : normalizeError(error).status === 0;
}

let cached: { raw: string | null; entries: OutboxEntry[] } = { raw: null, entries: [] };

/** The waiting entries, oldest first (the same array while nothing changed, for useSyncExternalStore). */
export function readOutbox(): OutboxEntry[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return cached.entries;
  }
  if (raw === cached.raw) return cached.entries;
  cached = { raw, entries: parseEntries(raw) };
  return cached.entries;
}

function parseEntries(raw: string | null): OutboxEntry[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

function writeOutbox(entries: OutboxEntry[]) {
  try {
    if (entries.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(entries));
  } catch {
    // A full or blocked storage: the marks stay on screen (and in the draft).
  }
  window.dispatchEvent(new Event(CHANGED));
}

const sameDay = (entry: OutboxEntry, batchId: string, date: string) => entry.batchId === batchId && entry.date === date;

export function addToOutbox(entry: Omit<OutboxEntry, 'savedAt' | 'error'>) {
  writeOutbox([...readOutbox().filter((other) => !sameDay(other, entry.batchId, entry.date)), { ...entry, savedAt: new Date().toISOString() }]);
}

export function discardFromOutbox(batchId: string, date: string) {
  writeOutbox(readOutbox().filter((entry) => !sameDay(entry, batchId, date)));
}

export function subscribeOutbox(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange); // another tab
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

let sending: Promise<AttendanceDay[]> | null = null;

/**
 * Sends every waiting entry, oldest first; stops at the first network failure (still offline).
 * Returns the days the server saved. One run at a time.
 */
export function sendOutbox(): Promise<AttendanceDay[]> {
  sending ??= (async () => {
    const saved: AttendanceDay[] = [];
    for (const entry of readOutbox()) {
      if (entry.error) continue; // refused before: waits for the teacher to discard or open it
      try {
        const { data } = await apiRequestWithMessage<AttendanceDay>('POST', `/attendance/batch/${encodeURIComponent(entry.batchId)}`, entry.submission);
        writeOutbox(readOutbox().filter((other) => !(sameDay(other, entry.batchId, entry.date) && other.savedAt === entry.savedAt)));
        clearDraft(entry.batchId, entry.date);
        saved.push(data);
      } catch (error) {
        if (isNetworkFailure(error)) break;
        const message = normalizeError(error).message;
        writeOutbox(readOutbox().map((other) => (sameDay(other, entry.batchId, entry.date) && other.savedAt === entry.savedAt ? { ...other, error: message } : other)));
      }
    }
    return saved;
  })().finally(() => {
    sending = null;
  });
  return sending;
}
