import { Alert, Button, Checkbox, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconFileImport, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { MarkInput, TestResults } from '@academy/shared/schemas/exams';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { TEST_MESSAGES, useImportMarks, usePublishTest, useSaveMarks } from '../api';
import { clearMarksDraft, marksProblem, parseMarks, readMarksDraft, saveMarksDraft, type MarksDraftRow } from '../marks-draft';
import { useCurrentUser } from '../../auth/use-current-user';
import { Trans, useLingui } from '@lingui/react/macro';

function rowsFromResults(results: TestResults): Record<string, MarksDraftRow> {
  return Object.fromEntries(results.rows.map((row) => [row.student._id, { marks: row.marks === null ? '' : String(row.marks), absent: row.absent }]));
}

/**
 * Marks entry on a phone, as quick as marking attendance: one field per student with the numeric
 * keypad, Enter moves to the next student, "Absent" per student, and a draft on the device that
 * survives a reload until the marks are saved (all or nothing; the server names bad rows).
 *
 * Not on useEntityForm (lib/use-entity-form.ts): the values are a grid keyed by student, kept in the
 * user's draft storage as they are typed, and the server names bad rows by their place in the list
 * sent. It gives the same checks its own way: a mark above the maximum or not in steps of 0.5 is
 * flagged as it is typed (marksProblem), and again before anything is sent.
 */
export function MarksEntry({ results }: { results: TestResults }) {
  const { t } = useLingui();
  const testId = results.test._id;
  const max = results.test.maxMarks;
  const userId = useCurrentUser()?._id;
  // This user's draft only: on a shared phone another person's unsaved marks are never shown.
  const [draft] = useState(() => (userId ? readMarksDraft(userId, testId) : undefined));
  const [rows, setRows] = useState<Record<string, MarksDraftRow>>(() => ({ ...rowsFromResults(results), ...(draft?.rows ?? {}) }));
  const [hasDraft, setHasDraft] = useState(draft !== undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const save = useSaveMarks(testId);
  const importMarks = useImportMarks(testId);
  const publish = usePublishTest(testId);

  useEffect(() => {
    if (hasDraft && userId) saveMarksDraft(userId, testId, rows);
  }, [hasDraft, userId, rows, testId]);

  const problemText = (problem: 'step' | 'above') => (problem === 'step' ? t`Marks must be in steps of 0.5` : t`At most ${max}`);

  const update = (studentId: string, change: Partial<MarksDraftRow>) => {
    const row = { ...(rows[studentId] ?? { marks: '', absent: false }), ...change };
    setRows((current) => ({ ...current, [studentId]: row }));
    setHasDraft(true);
    // Flagged as typed: a mark above the maximum shows at once, not only after "Save marks".
    const problem = row.absent ? null : marksProblem(row.marks, max);
    setErrors((current) => {
      const { [studentId]: _removed, ...rest } = current;
      return problem ? { ...rest, [studentId]: problemText(problem) } : rest;
    });
  };

  const submit = () => {
    const problems: Record<string, string> = {};
    const marks = results.rows.flatMap(({ student }): MarkInput[] => {
      const row = rows[student._id] ?? { marks: '', absent: false };
      if (row.absent) return [{ studentId: student._id, absent: true, marks: null }];
      const value = parseMarks(row.marks);
      if (value === null) return [];
      const problem = marksProblem(row.marks, max);
      if (problem) problems[student._id] = problemText(problem);
      return [{ studentId: student._id, marks: value, absent: false }];
    });
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    if (marks.length === 0) {
      notifications.show({ title: t`Nothing to save`, message: t`Enter marks or mark students absent first.`, color: 'yellow' });
      return;
    }
    save.mutate(
      { marks },
      {
        onSuccess: ({ data, message }) => {
          if (userId) clearMarksDraft(userId, testId);
          setHasDraft(false);
          setRows(rowsFromResults(data));
          notifications.show({ message: message ?? TEST_MESSAGES.marksSaved, color: 'teal' });
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
          setErrors(byStudent);
          notifications.show({ title: t`Marks not saved`, message: normalizeError(error).message, color: 'red' });
        },
      },
    );
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    importMarks.mutate(await file.text(), {
      onSuccess: ({ data, message }) => {
        if (userId) clearMarksDraft(userId, testId);
        setHasDraft(false);
        setRows(rowsFromResults(data));
        notifications.show({ title: t`Marks imported`, message: message ?? TEST_MESSAGES.marksSaved, color: 'teal' });
      },
      onError: (error) => {
        const lines = Object.values(fieldErrorsOf(error) ?? {});
        notifications.show({ title: t`Marks not imported`, message: [normalizeError(error).message, ...lines.slice(0, 5)].join('\n'), color: 'red', autoClose: false });
      },
    });
  };

  return (
    <Stack gap="sm">
      {results.test.publishedAt ? (
        <Alert color={results.test.correctedAt ? 'orange' : 'teal'} variant="light">
          {results.test.correctedAt ? (
            <Trans>Published; corrected on {formatDateTime(results.test.correctedAt)}. Students see the corrected marks.</Trans>
          ) : (
            <Trans>Published on {formatDateTime(results.test.publishedAt)}. A change now is recorded as a correction.</Trans>
          )}
        </Alert>
      ) : null}
      {hasDraft ? (
        <Text size="sm" c="orange.8">
          <Trans>Unsaved marks are kept on this device until you save.</Trans>
        </Text>
      ) : null}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Marks of each student`}>
        {results.rows.map(({ student }, index) => {
          const row = rows[student._id] ?? { marks: '', absent: false };
          return (
            <Paper key={student._id} component="li" withBorder radius="md" p="xs">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={500} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere', flex: 1 }}>
                  {student.name}
                </Text>
                <TextInput
                  ref={(element) => {
                    inputs.current[index] = element;
                  }}
                  aria-label={t`Marks of ${student.name}`}
                  inputMode="decimal"
                  enterKeyHint={index === results.rows.length - 1 ? 'done' : 'next'}
                  autoComplete="off"
                  w={84}
                  value={row.absent ? '' : row.marks}
                  disabled={row.absent}
                  placeholder={`/ ${max}`}
                  error={errors[student._id] ? true : undefined}
                  onChange={(event) => update(student._id, { marks: event.currentTarget.value })}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    const next = inputs.current.slice(index + 1).find((input) => input && !input.disabled);
                    next?.focus();
                  }}
                />
                <Checkbox label={t`Absent`} checked={row.absent} onChange={(event) => update(student._id, { absent: event.currentTarget.checked })} />
              </Group>
              {errors[student._id] ? (
                <Text size="xs" c="red.9" mt={4} role="alert">
                  {errors[student._id]}
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
      <Group gap="sm">
        <Button onClick={submit} loading={save.isPending} leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}>
          <Trans>Save marks</Trans>
        </Button>
        {results.test.publishedAt ? null : (
          <Button
            variant="light"
            color="teal"
            disabled={results.test.entered === 0 || hasDraft}
            loading={publish.isPending}
            leftSection={<IconSend size={18} aria-hidden="true" />}
            onClick={() =>
              publish.mutate(undefined, {
                onSuccess: ({ message }) => notifications.show({ message: message ?? TEST_MESSAGES.published, color: 'teal' }),
                onError: (error) => notifications.show({ title: t`Not published`, message: normalizeError(error).message, color: 'red' }),
              })
            }
          >
            <Trans>Publish results</Trans>
          </Button>
        )}
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
      {results.test.publishedAt ? null : (
        <Text size="sm" c="dimmed" data-testid="publish-state">
          <Trans>Not published: students do not see these marks yet</Trans>
          {/* Why Publish cannot be pressed yet, in words (a greyed button alone says nothing). */}
          {results.test.entered === 0 ? (
            <>
              {' '}
              <Trans>(save marks first: Publish needs at least one saved mark)</Trans>
            </>
          ) : hasDraft ? (
            <>
              {' '}
              <Trans>(save the marks typed on this phone first: Publish sends only saved marks)</Trans>
            </>
          ) : null}
        </Text>
      )}
    </Stack>
  );
}
