import { ActionIcon, Anchor, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Batch } from '@academy/shared/schemas/batches';
import { BatchStatusBadge, SeatsBadge } from './batch-status-badge';
import { scheduleLabel } from '../schedule-display';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

function useSeatsLeftText() {
  const { t } = useLingui();
  return (seatsLeft: number) => (seatsLeft === 0 ? t`Full` : plural(seatsLeft, { one: '# seat left', other: '# seats left' }));
}

/** The admin's batches as a table on wide screens and as cards on phones. */
export function BatchListView({ batches }: { batches: Batch[] }) {
  const { t } = useLingui();
  const seatsLeftText = useSeatsLeftText();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });

  if (!wide) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Batches`}>
        {batches.map((batch) => (
          <Card key={batch._id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/app/batches/${batch._id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {batch.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {batch.standard.name} · {batch.subject.name}
                </Text>
                <Text size="sm">{batch.teacher.name}</Text>
              </Stack>
              <ActionIcon component={Link} to={`/app/batches/${batch._id}/edit`} variant="subtle" size="lg" aria-label={t`Edit ${batch.name}`}>
                <IconPencil size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
            <Text size="sm" mt="xs">
              {scheduleLabel(batch.schedule)}
            </Text>
            <Group mt="xs" gap="xs">
              <BatchStatusBadge status={batch.status} />
              <SeatsBadge {...batch} />
              <Text size="sm" c="dimmed">
                {seatsLeftText(batch.seatsLeft)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Teacher</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Schedule</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Seats</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => (
            <Table.Tr key={batch._id}>
              <Table.Td>
                <Anchor component={Link} to={`/app/batches/${batch._id}`} fw={600}>
                  {batch.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {batch.standard.name} · {batch.subject.name}
                </Text>
              </Table.Td>
              <Table.Td>{batch.teacher.name}</Table.Td>
              <Table.Td maw={260}>
                <Text size="sm">{scheduleLabel(batch.schedule)}</Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <SeatsBadge {...batch} />
                  <Text size="xs" c="dimmed">
                    {seatsLeftText(batch.seatsLeft)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <BatchStatusBadge status={batch.status} />
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <ActionIcon component={Link} to={`/app/batches/${batch._id}/edit`} variant="subtle" size="lg" aria-label={t`Edit ${batch.name}`}>
                    <IconPencil size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
