import type { Subject } from '@academy/shared/schemas/subjects';
import { plural, t } from '@lingui/core/macro';

export type SubjectSortKey = 'name' | 'code';
export type SortDirection = 'asc' | 'desc';

/** Subjects whose name (English, Marathi or Hindi) or code contains `search` (any case); all of them for an empty search. */
export function filterSubjects<T extends Pick<Subject, 'name' | 'code'> & { names?: Subject['names'] }>(subjects: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...subjects];
  return subjects.filter((subject) =>
    [subject.name, subject.code, subject.names?.mr, subject.names?.hi].some((text) => text !== undefined && text.toLowerCase().includes(needle)),
  );
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sorted copy; ties on the key fall back to the name, so the order never jumps. */
export function sortSubjects<T extends Pick<Subject, 'name' | 'code'>>(subjects: readonly T[], key: SubjectSortKey, direction: SortDirection = 'asc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...subjects].sort((a, b) => sign * (collator.compare(a[key], b[key]) || collator.compare(a.name, b.name)));
}

/** "2 standards · 1 batch · no teachers": where a subject is used, for lists. */
export function usageSummary(subject: Pick<Subject, 'standardCount' | 'batchCount' | 'teacherCount'>): string {
  return [
    subject.standardCount === 0 ? t`no standards` : plural(subject.standardCount, { one: '# standard', other: '# standards' }),
    subject.batchCount === 0 ? t`no batches` : plural(subject.batchCount, { one: '# batch', other: '# batches' }),
    subject.teacherCount === 0 ? t`no teachers` : plural(subject.teacherCount, { one: '# teacher', other: '# teachers' }),
  ].join(' · ');
}

/** Whether anything still uses the subject (the server then refuses to delete it). */
export function isSubjectInUse(subject: Pick<Subject, 'standardCount' | 'batchCount' | 'teacherCount'>): boolean {
  return subject.standardCount + subject.batchCount + subject.teacherCount > 0;
}
