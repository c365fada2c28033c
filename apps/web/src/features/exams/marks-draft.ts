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

/**
 * What is wrong with one student's typed marks, checked as they are typed and again before saving:
 * not a number in steps of 0.5 (the shared schema's rule), or above the test's maximum (the server's
 * rule); '' (not entered yet) is fine.
 */
export function marksProblem(text: string, max: number): 'step' | 'above' | null {
  const value = parseMarks(text);
  if (value === null) return null;
  if (Number.isNaN(value) || !Number.isInteger(value * 2)) return 'step';
  return value > max ? 'above' : null;
}
