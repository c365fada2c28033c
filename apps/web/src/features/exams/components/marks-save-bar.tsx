import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExamResults } from '@academy/shared/schemas/exams';
import type { MarksEntryState } from './use-marks-entry';
import classes from './marks-entry.module.css';

const buttonClasses = { root: classes.button, label: classes.label };

/**
 * Save and Publish, in reach at the bottom of the screen while a long list scrolls (and above the
 * keyboard: index.html's interactive-widget); Publish says why it cannot be pressed.
 */
export function MarksSaveBar({ entry, results }: { entry: MarksEntryState; results: ExamResults }) {
  const { t } = useLingui();
  const { test, dirty } = entry;
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
  const noteId = `publish-note-${test._id}`;
  return (
    <Paper withBorder radius="md" p="xs" shadow="md" className={classes.bar}>
      {publishNote || dirty ? (
        <Text id={noteId} size="xs" mb={6} c={dirty ? 'orange.9' : 'dimmed'} fw={dirty ? 500 : undefined} aria-live="polite" data-testid="publish-state">
          {publishNote ?? <Trans>Not saved yet (kept on this device until you save).</Trans>}
        </Text>
      ) : null}
      <Group gap="xs" wrap="nowrap">
        <Button onClick={entry.submit} loading={entry.saving} classNames={buttonClasses} leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}>
          <Trans>Save marks</Trans>
        </Button>
        {test.publishedAt ? null : (
          <Button
            variant="light"
            color="teal"
            disabled={test.entered === 0 || dirty}
            classNames={buttonClasses}
            aria-describedby={publishNote ? noteId : undefined}
            loading={entry.publishing}
            leftSection={<IconSend size={18} aria-hidden="true" />}
            onClick={entry.publishResults}
          >
            <Trans>Publish results</Trans>
          </Button>
        )}
      </Group>
    </Paper>
  );
}
