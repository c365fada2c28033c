import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import type { DemoStatus } from '@academy/shared/demo-statuses';
import { clearUserDraft, isRecord, readUserDraft, saveUserDraft } from '../../lib/user-draft';

/**
 * Unsent marks, kept on the device per teacher, batch and day (lib/user-draft.ts), so a teacher on a
 * flaky phone connection loses nothing: they are the "initial records" used when loading the day fails
 * (spec section 4). Removed once the day is submitted, or when the teacher signs out.
 */
export type DraftMarks = Record<string, { status: AttendanceStatus; remark: string }>;
/** `demos`: the day's demo students' marks by booking (issue 41), when there were any. */
export type AttendanceDraft = { savedAt: string; students: { _id: string; name: string }[]; marks: DraftMarks; demos?: Record<string, DemoStatus> };

const name = (batchId: string, date: string) => `attendance-draft.${batchId}.${date}`;

export function saveDraft(userId: string, batchId: string, date: string, students: AttendanceDraft['students'], marks: DraftMarks, demos?: Record<string, DemoStatus>) {
  saveUserDraft(userId, name(batchId, date), { students, marks, demos });
}

export function readDraft(userId: string, batchId: string, date: string): AttendanceDraft | undefined {
  return readUserDraft<Omit<AttendanceDraft, 'savedAt'>>(userId, name(batchId, date), (draft) => Array.isArray(draft.students) && isRecord(draft.marks));
}

export function clearDraft(userId: string, batchId: string, date: string) {
  clearUserDraft(userId, name(batchId, date));
}
