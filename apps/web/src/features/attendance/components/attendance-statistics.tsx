import { Group, Paper, RingProgress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AttendanceStatistics } from '@academy/shared/schemas/attendance';
import { ATTENDANCE_STATUSES, formatPercentage, STATUS_COLORS } from '../../../lib/attendance-display';
import { useStatusLabel } from '../status-labels';
import { useLingui } from '@lingui/react/macro';

/** The percentage as a ring and the count of each status; "—" until something is marked. */
export function AttendanceStatisticsView({ statistics, label: givenLabel }: { statistics: AttendanceStatistics; label?: string }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const label = givenLabel ?? t`Attendance`;
  const attended = statistics.present + statistics.late;
  const total = statistics.total;
  const percentage = statistics.percentage;
  const color = percentage === null ? 'gray' : percentage >= 85 ? 'teal' : percentage >= 70 ? 'orange' : 'red';
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" wrap="nowrap" align="center">
        <RingProgress
          size={96}
          thickness={10}
          roundCaps
          sections={[{ value: percentage ?? 0, color }]}
          label={
            <Text ta="center" fw={700} size="md" data-testid="attendance-percentage">
              {formatPercentage(percentage)}
            </Text>
          }
          aria-label={`${label}: ${formatPercentage(percentage)}`}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" c="dimmed">
            {t`${label}: ${attended} of ${total} classes attended (present or late)`}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing={6} verticalSpacing={4}>
            {ATTENDANCE_STATUSES.map((status) => (
              <Group key={status} gap={6} wrap="nowrap">
                <span aria-hidden="true" style={{ width: 10, height: 10, borderRadius: 5, background: `var(--mantine-color-${STATUS_COLORS[status]}-6)`, flexShrink: 0 }} />
                <Text size="sm" data-testid={`statistics-${status}`}>
                  {statusLabel(status)} <b>{statistics[status]}</b>
                </Text>
              </Group>
            ))}
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}
