import type { MarkInput, ExamResults } from '@academy/shared/schemas/exams';
import { clearUserDraft, isRecord, readUserDraft, saveUserDraft } from '../../lib/user-draft';

/**
 * Marks typed on a phone but not saved yet, kept on the device per user and test (lib/user-draft.ts,
 * the helper the attendance draft uses): a reload or a lost connection loses nothing. Only the rows
 * the user changed are kept (the others show what is saved, or a day's absentee offered as absent).
 * Removed once the marks are saved, or when the user signs out.
 */
export type MarksDraftRow = { marks: string; absent: boolean };
export type MarksDraft = { savedAt: string; rows: Record<string, MarksDraftRow> };

const name = (examId: string) => `marks-draft.${examId}`;

export function saveMarksDraft(userId: string, examId: string, rows: Record<string, MarksDraftRow>) {
  saveUserDraft(userId, name(examId), { rows });
}

const isDraftRow = (row: unknown): row is MarksDraftRow => isRecord(row) && typeof row.marks === 'string' && typeof row.absent === 'boolean';

export function readMarksDraft(userId: string, examId: string): MarksDraft | undefined {
  return readUserDraft<Omit<MarksDraft, 'savedAt'>>(userId, name(examId), (draft) => isRecord(draft.rows) && Object.values(draft.rows).every(isDraftRow));
}

export function clearMarksDraft(userId: string, examId: string) {
  clearUserDraft(userId, name(examId));
}

/** "45.5" / "45,5" → 45.5; '' → null; anything else → NaN (the form says which row). */
export function parseMarks(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export type MarksProblem = 'number' | 'negative' | 'step' | 'above';

/**
 * What is wrong with one student's typed marks, checked as they are typed and again before saving:
 * not a number, below 0, not in steps of 0.5 (the shared schema's rule), or above the test's maximum
 * (the server's rule); '' (not entered yet) is fine.
 */
export function marksProblem(text: string, max: number): MarksProblem | null {
  const value = parseMarks(text);
  if (value === null) return null;
  if (Number.isNaN(value)) return /^-\s*\d+([.,]\d+)?$/.test(text.trim()) ? 'negative' : 'number';
  if (!Number.isInteger(value * 2)) return 'step';
  return value > max ? 'above' : null;
}

/** The saved marks of each student, as the form shows them. */
export function savedRows(results: ExamResults): Record<string, MarksDraftRow> {
  return Object.fromEntries(results.rows.map((row) => [row.student._id, { marks: row.marks === null ? '' : String(row.marks), absent: row.absent }]));
}

/**
 * The students offered as absent (issue 42, point 9): marked absent in the batch's attendance on the
 * test's day, with nothing saved for this test yet and nothing typed for them on this device. The
 * teacher sees them ticked "Absent", labelled, and can change it; Save keeps them absent.
 */
export function offeredAbsentees(results: ExamResults, absentThatDay: readonly string[], edits: Record<string, MarksDraftRow>): Set<string> {
  const absent = new Set(absentThatDay);
  return new Set(results.rows.filter((row) => absent.has(row.student._id) && row.marks === null && !row.absent && !edits[row.student._id]).map((row) => row.student._id));
}

/**
 * What Save sends, in the roster's order (rows left empty are not sent), and what is wrong, by student
 * in the same order (the first one is where Save takes the teacher).
 */
export function marksToSave(studentIds: readonly string[], rowOf: (studentId: string) => MarksDraftRow, max: number): { marks: MarkInput[]; problems: [string, MarksProblem][] } {
  const marks: MarkInput[] = [];
  const problems: [string, MarksProblem][] = [];
  for (const studentId of studentIds) {
    const row = rowOf(studentId);
    if (row.absent) {
      marks.push({ studentId, absent: true, marks: null });
      continue;
    }
    const value = parseMarks(row.marks);
    if (value === null) continue;
    const problem = marksProblem(row.marks, max);
    if (problem) problems.push([studentId, problem]);
    else marks.push({ studentId, marks: value, absent: false });
  }
  return { marks, problems };
}
