import { Badge, Group, Stack, Text } from '@mantine/core';
import { WEEKDAYS } from '@academy/shared/schedule';
import type { Batch } from '@academy/shared/schemas/batches';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDate } from '../../../lib/format-date';
import { formatClassTime, weekdayName } from '../../../lib/schedule-display';
import { BatchStatusBadge, SeatsBadge } from './batch-status-badge';
import { BATCH_DELIVERY_LABELS } from '../batch-form';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useLocalNames } from '../../../lib/public-settings';

type BatchFacts = Pick<Batch, 'standard' | 'subject' | 'teacher' | 'startDate' | 'endDate' | 'capacity' | 'enrolledCount' | 'seatsLeft' | 'status' | 'description' | 'delivery'>;

/** What a batch is: standard, subject, teacher, dates, status and seats. */
export function BatchFactsList({ batch, showTeacher = true }: { batch: BatchFacts; showTeacher?: boolean }) {
  const { t, i18n } = useLingui();
  const names = useLocalNames();
  return (
    <Stack gap="md">
      <Group gap="xs">
        <BatchStatusBadge status={batch.status} />
        <SeatsBadge {...batch} />
        <Text size="sm" c="dimmed">
          {batch.seatsLeft === 0 ? t`No seats left` : plural(batch.seatsLeft, { one: '# seat left', other: '# seats left' })}
        </Text>
      </Group>
      <DetailList
        cols={3}
        items={[
          { label: t`Standard`, value: names.standard(batch.standard) },
          { label: t`Subject`, value: names.subject(batch.subject) },
          ...(showTeacher ? [{ label: t`Teacher`, value: batch.teacher.name }] : []),
          { label: t`Starts`, value: formatDate(batch.startDate) },
          { label: t`Ends`, value: formatDate(batch.endDate) },
          { label: t`Capacity`, value: plural(batch.capacity, { one: '# seat', other: '# seats' }) },
          { label: t`Taught`, value: i18n._(BATCH_DELIVERY_LABELS[batch.delivery]) },
        ]}
      />
      {batch.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {batch.description}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The batch's week: its days as badges and its time. */
export function BatchScheduleFacts({ batch }: { batch: Pick<Batch, 'schedule'> }) {
  const { t } = useLingui();
  const days = WEEKDAYS.filter((day) => batch.schedule.days.includes(day));
  return (
    <Stack gap="xs">
      <Group gap={6} aria-label={t`Days`}>
        {days.map((day) => (
          <Badge key={day} variant="outline" tt="none" radius="sm">
            {weekdayName(day)}
          </Badge>
        ))}
      </Group>
      <Text fw={600}>{formatClassTime(batch.schedule.startTime, batch.schedule.endTime)}</Text>
    </Stack>
  );
}
