import { readUserItem, removeUserItem, writeUserItem } from '../../lib/user-storage';

/**
 * Marks typed on a phone but not saved yet, kept on the device per user and test
 * (lib/user-storage.ts), like the attendance draft (features/attendance/attendance-draft.ts): a reload
 * or a lost connection loses nothing. Removed once the marks are saved, or when the user signs out.
 */
export type MarksDraftRow = { marks: string; absent: boolean };
export type MarksDraft = { savedAt: string; rows: Record<string, MarksDraftRow> };

const name = (testId: string) => `marks-draft.${testId}`;

export function saveMarksDraft(userId: string, testId: string, rows: Record<string, MarksDraftRow>) {
  writeUserItem(userId, name(testId), JSON.stringify({ savedAt: new Date().toISOString(), rows } satisfies MarksDraft));
}

export function readMarksDraft(userId: string, testId: string): MarksDraft | undefined {
  const raw = readUserItem(userId, name(testId));
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as MarksDraft;
    return typeof draft.savedAt === 'string' && draft.rows && typeof draft.rows === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function clearMarksDraft(userId: string, testId: string) {
  removeUserItem(userId, name(testId));
}

/** "45.5" / "45,5" → 45.5; '' → null; anything else → NaN (the form says which row). */
export function parseMarks(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
