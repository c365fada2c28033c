import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BatchSummary } from '@academy/shared/schemas/batches';
import { formatDate } from '../../../lib/format-date';
import { scheduleLabel } from '../../../lib/schedule-display';
import { Trans } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

interface BatchSummaryListProps {
  batches: BatchSummary[];
  empty: string;
  showTeacher?: boolean;
  /** Where a batch's name links to (its page in the viewer's area); plain text without it. */
  href?: (batch: BatchSummary) => string;
}

/** Batches as cards: name, standard and subject, schedule, dates and seats. */
export function BatchSummaryList({ batches, empty, showTeacher = false, href }: BatchSummaryListProps) {
  const names = useLocalNames();
  if (batches.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {batches.map((batch) => (
        <Card key={batch._id} component="li" withBorder radius="md" padding="md">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              {href ? (
                <Anchor component={Link} to={href(batch)} fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {batch.name}
                </Anchor>
              ) : (
                <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {batch.name}
                </Text>
              )}
              <Badge variant="light" color={batch.seatsLeft > 0 ? 'teal' : 'orange'} tt="none" style={{ flexShrink: 0 }}>
                <Trans>
                  {batch.enrolledCount}/{batch.capacity} seats
                </Trans>
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {names.standard(batch.standard)} · {names.subject(batch.subject)}
              {showTeacher ? ` · ${batch.teacher.name}` : ''}
            </Text>
            <Text size="sm">{scheduleLabel(batch.schedule)}</Text>
            <Text size="xs" c="dimmed">
              <Trans>
                <Trans>
                  {formatDate(batch.startDate)} to {formatDate(batch.endDate)}
                </Trans>
              </Trans>
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
