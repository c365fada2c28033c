import { Alert, Button, Checkbox, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconFileImport, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ExamResults } from '@academy/shared/schemas/exams';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format-date';
import { EXAM_MESSAGES, useAbsentOnExamDay, useImportMarks, usePublishExam, useSaveMarks } from '../api';
import {
  clearMarksDraft,
  marksProblem,
  marksToSave,
  offeredAbsentees,
  readMarksDraft,
  saveMarksDraft,
  savedRows,
  type MarksDraftRow,
  type MarksProblem,
} from '../marks-draft';
import { useCurrentUser } from '../../../lib/session';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import classes from './marks-entry.module.css';

const buttonClasses = { root: classes.button, label: classes.label };

const EMPTY_ROW: MarksDraftRow = { marks: '', absent: false };

/**
 * Marks entry on a phone, as quick as marking attendance: one field per student with the numeric
 * keypad, Enter moves to the next student, "Absent" per student, and a draft on the device that
 * survives a reload until the marks are saved (all or nothing; the server names bad rows). Save and
 * Publish stay in a bar at the bottom of the screen; Publish says why it cannot be pressed. Students
 * marked absent in the batch's attendance on the test's day are offered as absent (issue 42, point 9).
 *
 * Not on useEntityForm (lib/use-entity-form.ts): the values are a grid keyed by student, kept in the
 * user's draft storage as they are typed, and the server names bad rows by their place in the list
 * sent. It gives the same checks its own way: a mark that is not a number, below 0, not in steps of
 * 0.5 or above the maximum is flagged as it is typed (marksProblem), and Save takes the teacher to
 * the first one instead of sending anything.
 */
export function MarksEntry({ results }: { results: ExamResults }) {
  const { t } = useLingui();
  const test = results.test;
  const examId = test._id;
  const max = test.maxMarks;
  const userId = useCurrentUser()?._id;
  const saved = useMemo(() => savedRows(results), [results]);
  const studentIds = useMemo(() => results.rows.map((row) => row.student._id), [results]);
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
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const save = useSaveMarks(examId);
  const importMarks = useImportMarks(examId);
  const publish = usePublishExam(examId);
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

  /** Takes the teacher to a student's field (Save with a mistake: the first one), in the middle of the screen above the bar. */
  const goTo = (studentId: string) => {
    const input = inputs.current.get(studentId);
    if (!input) return;
    input.scrollIntoView({ block: 'center' });
    input.focus({ preventScroll: true });
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

  const submit = () => {
    const { marks, problems } = marksToSave(studentIds, rowOf, max);
    if (problems.length > 0) {
      goTo(problems[0]![0]);
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
          afterSaving();
          notifications.show({ message: message ?? EXAM_MESSAGES.marksSaved, color: 'teal' });
        },
        onError: (error) => {
          // The server names rows by their place in the list sent: map them back to students.
          const fieldErrors = fieldErrorsOf(error) ?? {};
          const byStudent: Record<string, string> = {};
          for (const [field, text] of Object.entries(fieldErrors)) {
            const index = Number(/^marks\.(\d+)\./.exec(field)?.[1]);
            const studentId = marks[index]?.studentId;
            if (studentId) byStudent[studentId] = text;
          }
          setServerErrors(byStudent);
          const first = studentIds.find((studentId) => byStudent[studentId]);
          if (first) goTo(first);
          notifications.show({ title: t`Marks not saved`, message: normalizeError(error).message, color: 'red' });
        },
      },
    );
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    importMarks.mutate(await file.text(), {
      onSuccess: ({ message }) => {
        afterSaving();
        notifications.show({ title: t`Marks imported`, message: message ?? EXAM_MESSAGES.marksSaved, color: 'teal' });
      },
      onError: (error) => {
        const lines = Object.values(fieldErrorsOf(error) ?? {});
        notifications.show({ title: t`Marks not imported`, message: [normalizeError(error).message, ...lines.slice(0, 5)].join('\n'), color: 'red', autoClose: false });
      },
    });
  };

  const missing = results.rows.filter((row) => row.marks === null && !row.absent).length;
  // Why Publish cannot be pressed yet, in words (a greyed button alone says nothing), or what publishing now leaves out.
  const publishNote = test.publishedAt
    ? null
    : dirty
      ? t`Not saved yet (kept on this device): save, then publish.`
      : test.entered === 0
        ? t`Publish needs saved marks: enter them and save.`
        : missing > 0
          ? plural(missing, { one: '# student has no marks yet (not ranked).', other: '# students have no marks yet (not ranked).' })
          : null;
  const noteId = `publish-note-${examId}`;

  return (
    <Stack gap="sm">
      {test.publishedAt ? (
        <Alert color={test.correctedAt ? 'orange' : 'teal'} variant="light">
          {test.correctedAt ? (
            <Trans>Published; corrected on {formatDateTime(test.correctedAt)}. Students see the corrected marks.</Trans>
          ) : (
            <Trans>Published on {formatDateTime(test.publishedAt)}. A change now is recorded as a correction.</Trans>
          )}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>Not published: students do not see these marks yet</Trans>
        </Text>
      )}
      {restoredAt && dirty ? (
        <Alert color="yellow" variant="light" title={t`Unsaved marks restored`}>
          {t`Your marks typed on this device at ${formatTime(restoredAt)} were not saved yet; they are shown below.`}
        </Alert>
      ) : null}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Marks of each student`}>
        {results.rows.map(({ student }, index) => {
          const row = rowOf(student._id);
          const error = errorOf(student._id);
          const errorId = `marks-error-${student._id}`;
          return (
            <Paper key={student._id} component="li" withBorder radius="md" p="xs" style={error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {student.name}
                  </Text>
                  {absentSet.has(student._id) ? (
                    <Text size="xs" c="orange.9" data-testid="absent-that-day">
                      <Trans>Absent on {formatDate(test.date)}</Trans>
                    </Text>
                  ) : null}
                </div>
                <TextInput
                  ref={(element) => {
                    if (element) inputs.current.set(student._id, element);
                    else inputs.current.delete(student._id);
                  }}
                  aria-label={t`Marks of ${student.name}`}
                  inputMode="decimal"
                  enterKeyHint={index === results.rows.length - 1 ? 'done' : 'next'}
                  autoComplete="off"
                  w={84}
                  value={row.absent ? '' : row.marks}
                  disabled={row.absent}
                  placeholder={`/ ${max}`}
                  error={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => update(student._id, { marks: event.currentTarget.value })}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    const next = studentIds
                      .slice(index + 1)
                      .map((studentId) => inputs.current.get(studentId))
                      .find((input) => input && !input.disabled);
                    next?.focus();
                  }}
                />
                <Checkbox label={t`Absent`} checked={row.absent} onChange={(event) => update(student._id, { absent: event.currentTarget.checked })} />
              </Group>
              {error ? (
                <Text id={errorId} size="xs" c="red.9" mt={4} role="alert">
                  {error}
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
      <Group gap="sm">
        <FileButton accept=".csv,text/csv" onChange={(file) => void importFile(file)}>
          {(props) => (
            <Button {...props} variant="subtle" loading={importMarks.isPending} leftSection={<IconFileImport size={18} aria-hidden="true" />}>
              <Trans>Import CSV</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        <Trans>CSV: a first line naming the columns email and marks (email or student ID); marks "A" for an absent student.</Trans>
      </Text>
      {/* Save and Publish stay in reach at the bottom of the screen while a long list scrolls (and above the keyboard: index.html's interactive-widget). */}
      <Paper withBorder radius="md" p="xs" shadow="md" className={classes.bar}>
        {publishNote || dirty ? (
          <Text id={noteId} size="xs" mb={6} c={dirty ? 'orange.9' : 'dimmed'} fw={dirty ? 500 : undefined} aria-live="polite" data-testid="publish-state">
            {publishNote ?? <Trans>Not saved yet (kept on this device until you save).</Trans>}
          </Text>
        ) : null}
        <Group gap="xs" wrap="nowrap">
          <Button onClick={submit} loading={save.isPending} classNames={buttonClasses} leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}>
            <Trans>Save marks</Trans>
          </Button>
          {test.publishedAt ? null : (
            <Button
              variant="light"
              color="teal"
              disabled={test.entered === 0 || dirty}
              classNames={buttonClasses}
              aria-describedby={publishNote ? noteId : undefined}
              loading={publish.isPending}
              leftSection={<IconSend size={18} aria-hidden="true" />}
              onClick={() =>
                publish.mutate(undefined, {
                  onSuccess: ({ message }) => notifications.show({ message: message ?? EXAM_MESSAGES.published, color: 'teal' }),
                  onError: (error) => notifications.show({ title: t`Not published`, message: normalizeError(error).message, color: 'red' }),
                })
              }
            >
              <Trans>Publish results</Trans>
            </Button>
          )}
        </Group>
      </Paper>
    </Stack>
  );
}
