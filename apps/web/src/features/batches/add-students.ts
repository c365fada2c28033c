import type { EnrolledStudent } from '@academy/shared/schemas/batches';
import type { StudentListItem } from '@academy/shared/schemas/students';
import { BULK_REFUSAL_KEYS } from '@academy/shared/schemas/batches';
import { ApiError, fieldErrorsOf } from '../../lib/api-client';
import { msg, plural } from '@lingui/core/macro';
import { i18n as defaultI18n, type I18n } from '@lingui/core';

/**
 * The students who may join a batch, those of the batch's standard first: the two answers of the
 * server merged, each student once, without those already enrolled.
 */
export function candidateGroups(sameStandard: readonly StudentListItem[], everyone: readonly StudentListItem[], enrolledIds: ReadonlySet<string>) {
  const matching = sameStandard.filter((student) => !enrolledIds.has(student._id));
  const matchingIds = new Set(matching.map((student) => student._id));
  const others = everyone.filter((student) => !enrolledIds.has(student._id) && !matchingIds.has(student._id));
  return { matching, others };
}

/** A student as the batch's roster shows them (for the roster to change before the server answers). */
export function toEnrolledStudent(student: Pick<StudentListItem, '_id' | 'name' | 'email' | 'phone' | 'parentPhone' | 'standard'>): EnrolledStudent {
  return { _id: student._id, name: student.name, email: student.email, phone: student.phone, parentPhone: student.parentPhone, standard: student.standard };
}

/** "1 seat left", "3 seats left", "No seats left". */
export function seatsLeftText(seatsLeft: number, i18n: I18n = defaultI18n): string {
  if (seatsLeft <= 0) return i18n._(msg`No seats left`);
  return i18n._(msg`${plural(seatsLeft, { one: '# seat left', other: '# seats left' })}`);
}

/** One student a bulk enrolment or move stopped at, with the server's reason (in the language shown). */
export interface StudentProblem {
  studentId: string;
  message: string;
}

/**
 * A refused bulk enrolment or move (409: nothing changed), read from the answer's `errors`
 * (BULK_REFUSAL_KEYS): students who cannot join at all, too few seats, and timetable clashes (which a
 * confirmation accepts). Undefined for any other failure.
 */
export interface BulkRefusal {
  students: StudentProblem[];
  capacity?: string;
  clashes: StudentProblem[];
}

export function bulkRefusalOf(error: unknown): BulkRefusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const errors = fieldErrorsOf(error);
  if (!errors) return undefined;
  const refusal: BulkRefusal = { students: [], clashes: [] };
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith(BULK_REFUSAL_KEYS.student)) refusal.students.push({ studentId: key.slice(BULK_REFUSAL_KEYS.student.length), message });
    else if (key.startsWith(BULK_REFUSAL_KEYS.clash)) refusal.clashes.push({ studentId: key.slice(BULK_REFUSAL_KEYS.clash.length), message });
    else if (key === BULK_REFUSAL_KEYS.capacity) refusal.capacity = message;
  }
  return refusal.students.length > 0 || refusal.clashes.length > 0 || refusal.capacity ? refusal : undefined;
}

/** Only timetable clashes stand in the way: the office may confirm and go ahead. */
export function onlyClashes(refusal: BulkRefusal): boolean {
  return refusal.students.length === 0 && !refusal.capacity && refusal.clashes.length > 0;
}

/** A problem as a line naming the student: the server's reasons name them, all but "Student not found". */
export function problemLine(problem: StudentProblem, name: string | undefined): string {
  return name && !problem.message.includes(name) ? `${name}: ${problem.message}` : problem.message;
}

/**
 * "Select all shown": ticks every shown student, or unticks them all when each is ticked already.
 * Students ticked before but not shown now (another search) stay as they are.
 */
export function toggleAllShown<T extends { _id: string }>(selected: ReadonlyMap<string, T>, shown: readonly T[]): Map<string, T> {
  const next = new Map(selected);
  const allTicked = shown.length > 0 && shown.every((student) => next.has(student._id));
  for (const student of shown) {
    if (allTicked) next.delete(student._id);
    else next.set(student._id, student);
  }
  return next;
}
