import { Checkbox, Group, Paper, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExamResults } from '@academy/shared/schemas/exams';
import { formatDate } from '../../../lib/format-date';
import type { MarksEntryState } from './use-marks-entry';

type Student = ExamResults['rows'][number]['student'];

/** One student's marks: the field with the numeric keypad (Enter moves on), "Absent", and the row's mistake. */
export function MarksRow({ entry, student, index, last }: { entry: MarksEntryState; student: Student; index: number; last: boolean }) {
  const { t } = useLingui();
  const { test, max } = entry;
  const row = entry.rowOf(student._id);
  const error = entry.errorOf(student._id);
  const errorId = `marks-error-${student._id}`;
  return (
    <Paper component="li" withBorder radius="md" p="xs" style={error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {student.name}
          </Text>
          {entry.absentSet.has(student._id) ? (
            <Text size="xs" c="orange.9" data-testid="absent-that-day">
              <Trans>Absent on {formatDate(test.date)}</Trans>
            </Text>
          ) : null}
        </div>
        <TextInput
          ref={entry.register(student._id)}
          aria-label={t`Marks of ${student.name}`}
          inputMode="decimal"
          enterKeyHint={last ? 'done' : 'next'}
          autoComplete="off"
          w={84}
          value={row.absent ? '' : row.marks}
          disabled={row.absent}
          placeholder={`/ ${max}`}
          error={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => entry.update(student._id, { marks: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            entry.focusAfter(index);
          }}
        />
        <Checkbox label={t`Absent`} checked={row.absent} onChange={(event) => entry.update(student._id, { absent: event.currentTarget.checked })} />
      </Group>
      {error ? (
        <Text id={errorId} size="xs" c="red.9" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </Paper>
  );
}
