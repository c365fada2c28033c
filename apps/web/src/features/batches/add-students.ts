import type { EnrolledStudent } from '@academy/shared/schemas/batches';
import type { StudentListItem } from '@academy/shared/schemas/students';
import { ApiError } from '../../lib/api-client';
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

/** The API's warning that the student already has a class at that time (409 with errors.clash): the other batch's name. */
export function clashOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const data = error.data as { errors?: { clash?: unknown } } | null;
  return typeof data?.errors?.clash === 'string' ? data.errors.clash : undefined;
}

/** "1 seat left", "3 seats left", "No seats left". */
export function seatsLeftText(seatsLeft: number, i18n: I18n = defaultI18n): string {
  if (seatsLeft <= 0) return i18n._(msg`No seats left`);
  return i18n._(msg`${plural(seatsLeft, { one: '# seat left', other: '# seats left' })}`);
}
