import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { ExamResults } from '@academy/shared/schemas/exams';
import { formatDateTime, formatTime } from '../../../lib/format-date';
import { Trans, useLingui } from '@lingui/react/macro';
import { MarksRow } from './marks-row';
import { MarksSaveBar } from './marks-save-bar';
import { useMarksEntry, type MarksEntryState } from './use-marks-entry';

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
  const entry = useMarksEntry(results);
  return (
    <Stack gap="sm">
      <MarksNotices entry={entry} />
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Marks of each student`}>
        {results.rows.map(({ student }, index) => (
          <MarksRow key={student._id} entry={entry} student={student} index={index} last={index === results.rows.length - 1} />
        ))}
      </Stack>
      <MarksImport entry={entry} />
      <MarksSaveBar entry={entry} results={results} />
    </Stack>
  );
}

/** Whether students see the marks (and since when), and the draft restored from this device. */
function MarksNotices({ entry }: { entry: MarksEntryState }) {
  const { t } = useLingui();
  const { test, restoredAt, dirty } = entry;
  return (
    <>
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
    </>
  );
}

/** The marks from a CSV file, and what the file holds. */
function MarksImport({ entry }: { entry: MarksEntryState }) {
  return (
    <>
      <Group gap="sm">
        <FileButton accept=".csv,text/csv" onChange={(file) => void entry.importFile(file)}>
          {(props) => (
            <Button {...props} variant="subtle" loading={entry.importing} leftSection={<IconFileImport size={18} aria-hidden="true" />}>
              <Trans>Import CSV</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="xs" c="dimmed">
        <Trans>CSV: a first line naming the columns email and marks (email or student ID); marks "A" for an absent student.</Trans>
      </Text>
    </>
  );
}
