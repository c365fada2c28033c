import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import type { DemoStatus } from '@academy/shared/demo-statuses';
import { readUserItem, removeUserItem, writeUserItem } from '../../lib/user-storage';

/**
 * Unsent marks, kept on the device per teacher, batch and day (lib/user-storage.ts), so a teacher on a
 * flaky phone connection loses nothing: they are the "initial records" used when loading the day fails
 * (spec section 4). Removed once the day is submitted, or when the teacher signs out.
 */
export type DraftMarks = Record<string, { status: AttendanceStatus; remark: string }>;
/** `demos`: the day's demo students' marks by booking (issue 41), when there were any. */
export type AttendanceDraft = { savedAt: string; students: { _id: string; name: string }[]; marks: DraftMarks; demos?: Record<string, DemoStatus> };

const name = (batchId: string, date: string) => `attendance-draft.${batchId}.${date}`;

export function saveDraft(userId: string, batchId: string, date: string, students: AttendanceDraft['students'], marks: DraftMarks, demos?: Record<string, DemoStatus>) {
  writeUserItem(userId, name(batchId, date), JSON.stringify({ savedAt: new Date().toISOString(), students, marks, demos } satisfies AttendanceDraft));
}

export function readDraft(userId: string, batchId: string, date: string): AttendanceDraft | undefined {
  const raw = readUserItem(userId, name(batchId, date));
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as AttendanceDraft;
    return typeof draft.savedAt === 'string' && Array.isArray(draft.students) && draft.marks && typeof draft.marks === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function clearDraft(userId: string, batchId: string, date: string) {
  removeUserItem(userId, name(batchId, date));
}
