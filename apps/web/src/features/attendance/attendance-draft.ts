import type { AttendanceStatus } from '@academy/shared/attendance-statuses';

/**
 * Unsent marks, kept on the device per batch and day (localStorage), so a teacher on a flaky phone
 * connection loses nothing: they are the "initial records" used when loading the day fails (spec
 * section 4). Removed once the day is submitted.
 */
export type DraftMarks = Record<string, { status: AttendanceStatus; remark: string }>;
export type AttendanceDraft = { savedAt: string; students: { _id: string; name: string }[]; marks: DraftMarks };

const key = (batchId: string, date: string) => `academy.attendance-draft.${batchId}.${date}`;

export function saveDraft(batchId: string, date: string, students: AttendanceDraft['students'], marks: DraftMarks) {
  try {
    localStorage.setItem(key(batchId, date), JSON.stringify({ savedAt: new Date().toISOString(), students, marks } satisfies AttendanceDraft));
  } catch {
    // Private mode or a full storage: the marks are still on screen.
  }
}

export function readDraft(batchId: string, date: string): AttendanceDraft | undefined {
  try {
    const raw = localStorage.getItem(key(batchId, date));
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as AttendanceDraft;
    return typeof draft.savedAt === 'string' && Array.isArray(draft.students) && draft.marks && typeof draft.marks === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function clearDraft(batchId: string, date: string) {
  try {
    localStorage.removeItem(key(batchId, date));
  } catch {
    // Nothing to do.
  }
}
