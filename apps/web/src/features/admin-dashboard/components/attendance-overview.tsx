import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatDate } from '../../../lib/format-date';
import { formatPercentage } from '../../attendance/attendance-display';

const AttendanceTrendChart = lazy(() => import('./attendance-trend-chart'));

/** Today's attendance across the academy and the last 14 days' rates. */
export function AttendanceOverview({ attendance }: { attendance: AdminDashboardSummary['attendance'] }) {
  const { today, trend } = attendance;
  const marked = trend.filter((day) => day.percentage !== null);
  const average = marked.length === 0 ? null : Math.round((marked.reduce((sum, day) => sum + day.percentage!, 0) / marked.length) * 10) / 10;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="attendance-overview-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="attendance-overview-title">
          Attendance
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Today ({formatDate(today.date)})
            </Text>
            <Text fz={28} fw={700} lh={1.2} data-testid="attendance-today-rate">
              {formatPercentage(today.percentage)}
            </Text>
            <Text size="sm" c="dimmed">
              {today.total === 0 ? 'No batch marked yet today' : `${today.present + today.late} of ${today.total} students in ${today.batchesMarked} ${today.batchesMarked === 1 ? 'batch' : 'batches'}`}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Absent today
            </Text>
            <Text fz={28} fw={700} lh={1.2}>
              {today.absent}
            </Text>
            <Text size="sm" c="dimmed">
              Late {today.late} · Excused {today.excused}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Last 14 days
            </Text>
            <Text fz={28} fw={700} lh={1.2}>
              {formatPercentage(average)}
            </Text>
            <Text size="sm" c="dimmed">
              average of {marked.length} marked {marked.length === 1 ? 'day' : 'days'}
            </Text>
          </Stack>
        </SimpleGrid>
        {/* inert as well: the chart's SVG is focusable, and hidden content must not take the focus. */}
        <Group gap={0} aria-hidden="true" inert style={{ display: 'block' }}>
          <Suspense fallback={<Skeleton h={200} radius="md" />}>
            <AttendanceTrendChart trend={trend} />
          </Suspense>
        </Group>
      </Stack>
    </Paper>
  );
}
