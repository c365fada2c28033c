import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { fillPercent, seatsLeftLabel } from '../dashboard-tiles';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** Batches at 80 % of their seats or more, fullest first, with how full each is. */
export function BatchesNearCapacity({ batches }: { batches: AdminDashboardSummary['batchesNearCapacity'] }) {
  const { t, i18n } = useLingui();
  const names = useLocalNames();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="near-capacity-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="near-capacity-heading">
          <Trans>Batches near capacity</Trans>
        </Title>
        <Anchor component={Link} to="/app/batches" size="sm">
          <Trans>All batches</Trans>
        </Anchor>
      </Group>
      {batches.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Every batch has seats to spare.</Trans>
        </Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {batches.map((batch) => {
            const percent = fillPercent(batch.enrolledCount, batch.capacity);
            return (
              <li key={batch._id}>
                <Group justify="space-between" wrap="nowrap" gap="sm" mb={4}>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/app/batches/${batch._id}`} fw={600} truncate>
                      {batch.name}
                    </Anchor>
                    <Text size="sm" c="dimmed" truncate>
                      {names.subject(batch.subject)} · {batch.teacher.name}
                    </Text>
                  </Stack>
                  <Badge color={batch.seatsLeft <= 0 ? 'red' : 'orange'} variant="light" tt="none" style={{ flexShrink: 0 }}>
                    {seatsLeftLabel(batch.seatsLeft, i18n)}
                  </Badge>
                </Group>
                <Progress
                  value={percent}
                  color={batch.seatsLeft <= 0 ? 'red' : 'orange'}
                  size="lg"
                  radius="xl"
                  aria-label={t`${batch.name}: ${batch.enrolledCount} of ${batch.capacity} seats taken`}
                />
                <Text size="xs" c="dimmed" mt={2}>
                  <Trans>
                    {batch.enrolledCount} of {batch.capacity} seats taken
                  </Trans>
                </Text>
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
