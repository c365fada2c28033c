import { Paper, Progress, Stack, Text } from '@mantine/core';
import type { BackupJob } from '@academy/shared/schemas/backups';
import { useLingui } from '@lingui/react/macro';
import { translateServerText } from '../../../lib/server-text';

/** The running backup or restore: a bar and the step it is on. */
export function BackupJobProgress({ job }: { job: BackupJob }) {
  const { t } = useLingui();
  const percent = Math.round(job.progress * 100);
  const title = job.type === 'create' ? t`Creating a backup` : t`Restoring a backup`;
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite">
      <Stack gap="xs">
        <Text fw={600}>
          {title}: {percent}%
        </Text>
        <Progress value={percent} animated aria-label={title} />
        <Text size="sm" c="dimmed">
          {translateServerText(job.step)}
        </Text>
      </Stack>
    </Paper>
  );
}
