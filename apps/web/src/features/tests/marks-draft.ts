/**
 * Marks typed on a phone but not saved yet, kept on the device per test (localStorage), like the
 * attendance draft (features/attendance/attendance-draft.ts): a reload or a lost connection loses
 * nothing. Removed once the marks are saved.
 */
export type MarksDraftRow = { marks: string; absent: boolean };
export type MarksDraft = { savedAt: string; rows: Record<string, MarksDraftRow> };

const key = (testId: string) => `academy.marks-draft.${testId}`;

export function saveMarksDraft(testId: string, rows: Record<string, MarksDraftRow>) {
  try {
    localStorage.setItem(key(testId), JSON.stringify({ savedAt: new Date().toISOString(), rows } satisfies MarksDraft));
  } catch {
    // Private mode or a full storage: the marks are still on screen.
  }
}

export function readMarksDraft(testId: string): MarksDraft | undefined {
  try {
    const raw = localStorage.getItem(key(testId));
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as MarksDraft;
    return typeof draft.savedAt === 'string' && draft.rows && typeof draft.rows === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function clearMarksDraft(testId: string) {
  try {
    localStorage.removeItem(key(testId));
  } catch {
    // Nothing to do.
  }
}

/** "45.5" / "45,5" → 45.5; '' → null; anything else → NaN (the form says which row). */
export function parseMarks(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
