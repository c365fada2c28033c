import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { JobStatus } from '@academy/shared/schemas/jobs';
import { normalizeError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useJobList } from '../api';
import { durationText, everyText, STATUS_COLORS, STATUS_LABELS } from '../job-display';
import { translateServerText } from '../../../lib/server-text';
import { Trans, useLingui } from '@lingui/react/macro';

function LastRun({ job }: { job: JobStatus }) {
  const { t, i18n } = useLingui();
  const run = job.lastRun;
  if (!run) {
    return (
      <Text size="sm">
        <Trans>Not run yet</Trans>
      </Text>
    );
  }
  const took = durationText(run.durationMs);
  const when = formatDateTime(run.startedAt);
  const attempts = run.attempts ?? 1;
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Badge color={STATUS_COLORS[run.status]} variant="light">
          {i18n._(STATUS_LABELS[run.status])}
        </Badge>
        <Text size="sm">
          {!took ? t`Last run ${when}` : attempts > 1 ? t`Last run ${when} (took ${took}, try ${attempts})` : t`Last run ${when} (took ${took})`}
        </Text>
      </Group>
      {run.error ? (
        <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {translateServerText(run.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The server's background jobs (GET /api/admin/jobs): what each does, how often, how its last run went
 * and when it runs next. With several servers each run happens on one of them.
 */
export function JobStatusList() {
  const { t } = useLingui();
  const jobs = useJobList();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="background-jobs-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5" id="background-jobs-title">
            <Trans>Background jobs</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Work the server does on its own. A failed run is tried again a few times before it waits for its next run.</Trans>
          </Text>
        </div>
        {jobs.isPending ? (
          <Stack gap="xs" aria-hidden="true">
            <Skeleton h={44} />
            <Skeleton h={44} />
          </Stack>
        ) : jobs.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`The jobs could not be loaded`}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{normalizeError(jobs.error).message}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void jobs.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Background jobs`}>
            {jobs.data.map((job, index) => (
              <Stack key={job.name} component="li" gap={4} py="sm" style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}>
                <Group justify="space-between" gap="xs" align="baseline">
                  <Text fw={600}>{translateServerText(job.label)}</Text>
                  <Text size="sm" c="dimmed">
                    {everyText(job.everyMs)}
                  </Text>
                </Group>
                <LastRun job={job} />
                <Text size="sm" c="dimmed">
                  {job.running ? t`Running now` : job.nextRunAt ? t`Next run ${formatDateTime(job.nextRunAt)}` : t`No next run`}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
