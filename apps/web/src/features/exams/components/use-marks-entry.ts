import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ExamResults } from '@academy/shared/schemas/exams';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { EXAM_MESSAGES, useAbsentOnExamDay, useImportMarks, usePublishExam, useSaveMarks } from '../api';
import { clearMarksDraft, marksProblem, marksToSave, offeredAbsentees, readMarksDraft, saveMarksDraft, savedRows, type MarksDraftRow, type MarksProblem } from '../marks-draft';

const EMPTY_ROW: MarksDraftRow = { marks: '', absent: false };

/**
 * The marks grid's state (MarksEntry): saving, importing and publishing, over the draft (useMarksDraft)
 * and the fields (useMarksFields).
 */
export function useMarksEntry(results: ExamResults) {
  const { t } = useLingui();
  const examId = results.test._id;
  const draft = useMarksDraft(results);
  const fields = useMarksFields(results);
  const save = useSaveMarks(examId);
  const importMarks = useImportMarks(examId);
  const publish = usePublishExam(examId);

  /** The server names rows by their place in the list sent: they are mapped back to students, and the first is shown. */
  const showServerErrors = (error: unknown, marks: { studentId: string }[]) => {
    const byStudent: Record<string, string> = {};
    for (const [field, text] of Object.entries(fieldErrorsOf(error) ?? {})) {
      const index = Number(/^marks\.(\d+)\./.exec(field)?.[1]);
      const studentId = marks[index]?.studentId;
      if (studentId) byStudent[studentId] = text;
    }
    draft.setServerErrors(byStudent);
    const first = fields.studentIds.find((studentId) => byStudent[studentId]);
    if (first) fields.goTo(first);
  };

  const submit = () => {
    const { marks, problems } = marksToSave(fields.studentIds, draft.rowOf, draft.max);
    if (problems.length > 0) {
      fields.goTo(problems[0]![0]);
      return;
    }
    if (marks.length === 0) {
      notifications.show({ title: t`Nothing to save`, message: t`Enter marks or mark students absent first.`, color: 'yellow' });
      return;
    }
    save.mutate(
      { marks },
      {
        onSuccess: ({ message }) => {
          draft.afterSaving();
          notifications.show({ message: message ?? EXAM_MESSAGES.marksSaved, color: 'teal' });
        },
        onError: (error) => {
          showServerErrors(error, marks);
          notifications.show({ title: t`Marks not saved`, message: normalizeError(error).message, color: 'red' });
        },
      },
    );
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    importMarks.mutate(await file.text(), {
      onSuccess: ({ message }) => {
        draft.afterSaving();
        notifications.show({ title: t`Marks imported`, message: message ?? EXAM_MESSAGES.marksSaved, color: 'teal' });
      },
      onError: (error) => {
        const lines = Object.values(fieldErrorsOf(error) ?? {});
        notifications.show({ title: t`Marks not imported`, message: [normalizeError(error).message, ...lines.slice(0, 5)].join('\n'), color: 'red', autoClose: false });
      },
    });
  };

  const publishResults = () =>
    publish.mutate(undefined, {
      onSuccess: ({ message }) => notifications.show({ message: message ?? EXAM_MESSAGES.published, color: 'teal' }),
      onError: (error) => notifications.show({ title: t`Not published`, message: normalizeError(error).message, color: 'red' }),
    });

  return {
    ...draft,
    ...fields,
    test: results.test,
    submit,
    saving: save.isPending,
    importFile,
    importing: importMarks.isPending,
    publishResults,
    publishing: publish.isPending,
  };
}

export type MarksEntryState = ReturnType<typeof useMarksEntry>;

/**
 * This user's draft on the device and what each row shows: the rows typed and not saved (kept in the
 * draft), the students absent in the batch's attendance on the test's day (offered as absent), what is
 * saved, and each row's mistake as it is typed or as the server named it.
 */
function useMarksDraft(results: ExamResults) {
  const { t } = useLingui();
  const test = results.test;
  const examId = test._id;
  const max = test.maxMarks;
  const userId = useCurrentUser()?._id;
  const saved = useMemo(() => savedRows(results), [results]);
  // This user's draft only: on a shared phone another person's unsaved marks are never shown.
  const [draft] = useState(() => (userId ? readMarksDraft(userId, examId) : undefined));
  // The rows typed on this device and not saved yet (kept in the draft); the others show what is saved.
  const [edits, setEdits] = useState<Record<string, MarksDraftRow>>(() =>
    Object.fromEntries(Object.entries(draft?.rows ?? {}).filter(([studentId]) => studentId in saved)),
  );
  // When the draft was kept, for the "restored" notice; gone once the marks are saved.
  const [restoredAt, setRestoredAt] = useState(draft && Object.keys(draft.rows).length > 0 ? draft.savedAt : null);
  const dirty = Object.keys(edits).length > 0;
  // Errors the server named, by student, until that student's marks are changed.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const absentThatDay = useAbsentOnExamDay(test.batch._id, test.date).data;
  const absentSet = useMemo(() => new Set(absentThatDay ?? []), [absentThatDay]);
  const offered = useMemo(() => offeredAbsentees(results, absentThatDay ?? [], edits), [results, absentThatDay, edits]);

  useEffect(() => {
    if (dirty && userId) saveMarksDraft(userId, examId, edits);
  }, [dirty, userId, edits, examId]);

  const rowOf = (studentId: string): MarksDraftRow => edits[studentId] ?? (offered.has(studentId) ? { marks: '', absent: true } : (saved[studentId] ?? EMPTY_ROW));

  const problemText = (problem: MarksProblem) => {
    switch (problem) {
      case 'number':
        return t`Enter a number, like 15 or 15.5`;
      case 'negative':
        return t`Marks cannot be below 0`;
      case 'step':
        return t`Marks must be in steps of 0.5`;
      case 'above':
        return t`At most ${max}`;
    }
  };

  // Flagged as typed: a mark above the maximum shows at once, not only after "Save marks".
  const errorOf = (studentId: string): string | undefined => {
    if (serverErrors[studentId]) return serverErrors[studentId];
    const row = rowOf(studentId);
    const problem = row.absent ? null : marksProblem(row.marks, max);
    return problem ? problemText(problem) : undefined;
  };

  const update = (studentId: string, change: Partial<MarksDraftRow>) => {
    setEdits((current) => ({ ...current, [studentId]: { ...(current[studentId] ?? rowOf(studentId)), ...change } }));
    setServerErrors((current) => {
      if (!(studentId in current)) return current;
      const { [studentId]: _removed, ...rest } = current;
      return rest;
    });
  };

  /** The marks are on the server (saved or imported): the draft and its notice go. */
  const afterSaving = () => {
    if (userId) clearMarksDraft(userId, examId);
    setEdits({});
    setServerErrors({});
    setRestoredAt(null);
  };

  return { max, dirty, restoredAt, absentSet, rowOf, errorOf, update, afterSaving, setServerErrors };
}

/** The students' fields, each registered while it is on the screen, so Save and Enter can take the teacher to one. */
function useMarksFields(results: ExamResults) {
  const studentIds = useMemo(() => results.rows.map((row) => row.student._id), [results]);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  /** Takes the teacher to a student's field (Save with a mistake: the first one), in the middle of the screen above the bar. */
  const goTo = (studentId: string) => {
    const input = inputs.current.get(studentId);
    if (!input) return;
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
  };

  /** Enter in a student's field: the next field that can be typed in. */
  const focusAfter = (index: number) => {
    const next = studentIds
      .slice(index + 1)
      .map((studentId) => inputs.current.get(studentId))
      .find((input) => input && !input.disabled);
    next?.focus();
  };

  /** A student's field, kept while it is on the screen. */
  const register = (studentId: string) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(studentId, element);
    else inputs.current.delete(studentId);
  };

  return { studentIds, goTo, focusAfter, register };
}
