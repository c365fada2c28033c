import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Batch } from '@academy/shared/schemas/batches';
import { ListView, RowActions, titleColumns, type ListColumn } from '../../../components/list-kit';
import { BatchStatusBadge, SeatsBadge } from './batch-status-badge';
import { scheduleLabel } from '../../../lib/schedule-display';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** The admin's batches as a table on wide screens and as cards on phones. */
export function BatchListView({ batches }: { batches: Batch[] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const seatsLeftText = (seatsLeft: number) => (seatsLeft === 0 ? t`Full` : plural(seatsLeft, { one: '# seat left', other: '# seats left' }));
  const standardAndSubject = (batch: Batch) => (
    <Text size="sm" c="dimmed">
      {names.standard(batch.standard)} · {names.subject(batch.subject)}
    </Text>
  );
  const name = (batch: Batch) => (
    <Group gap={6} wrap="wrap">
      <Anchor component={Link} to={`/app/batches/${batch._id}`} fw={600}>
        {batch.name}
      </Anchor>
      {/* Ended with its academic year by a rollover (issue 39): kept to read. */}
      {batch.archived ? (
        <Badge color="gray" variant="light" size="sm" tt="none">
          {t`Archived`}
        </Badge>
      ) : null}
    </Group>
  );
  const columns: ListColumn<Batch>[] = [
    ...titleColumns({ key: 'name', header: t`Name`, title: name, subtitle: standardAndSubject, subtitleKey: 'standard-subject' }),
    { key: 'teacher', header: t`Teacher`, card: 'subtitle', cell: (batch) => <Text size="sm">{batch.teacher.name}</Text> },
    { key: 'schedule', header: t`Schedule`, maw: 260, cell: (batch) => <Text size="sm">{scheduleLabel(batch.schedule)}</Text> },
    {
      key: 'seats',
      header: t`Seats`,
      cell: (batch) => (
        <Stack gap={2} align="flex-start">
          <SeatsBadge {...batch} />
          <Text size="xs" c="dimmed">
            {seatsLeftText(batch.seatsLeft)}
          </Text>
        </Stack>
      ),
      cardCell: (batch) => (
        <Group gap="xs">
          <BatchStatusBadge status={batch.status} />
          <SeatsBadge {...batch} />
          <Text size="sm" c="dimmed">
            {seatsLeftText(batch.seatsLeft)}
          </Text>
        </Group>
      ),
    },
    { key: 'status', header: t`Status`, card: 'hidden', cell: (batch) => <BatchStatusBadge status={batch.status} /> },
  ];
  return (
    <ListView
      rows={batches}
      columns={columns}
      label={t`Batches`}
      minWidth={900}
      actions={(batch) => <RowActions name={batch.name} editTo={`/app/batches/${batch._id}/edit`} />}
    />
  );
}
