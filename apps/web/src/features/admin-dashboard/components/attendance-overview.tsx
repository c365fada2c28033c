import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { formatDate } from '../../../lib/format-date';
import { formatPercentage } from '../../../lib/attendance-display';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { formatNumber } from '../../../lib/format-number';

const AttendanceTrendChart = lazy(() => import('./attendance-trend-chart'));

/** Today's attendance across the academy and the last 14 days' rates. */
export function AttendanceOverview({ attendance }: { attendance: AdminDashboardSummary['attendance'] }) {
  const { t } = useLingui();
  const { today, trend } = attendance;
  const marked = trend.filter((day) => day.percentage !== null);
  const average = marked.length === 0 ? null : Math.round((marked.reduce((sum, day) => sum + day.percentage!, 0) / marked.length) * 10) / 10;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="attendance-overview-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="attendance-overview-title">
          <Trans>Attendance</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              <Trans>Today ({formatDate(today.date)})</Trans>
            </Text>
            <Text fz={28} fw={700} lh={1.2} data-testid="attendance-today-rate">
              {formatPercentage(today.percentage)}
            </Text>
            <Text size="sm" c="dimmed">
              {today.total === 0
                ? t`No batch marked yet today`
                : plural(today.batchesMarked, {
                    one: `${today.present + today.late} of ${today.total} students in # batch`,
                    other: `${today.present + today.late} of ${today.total} students in # batches`,
                  })}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              <Trans>Absent today</Trans>
            </Text>
            <Text fz={28} fw={700} lh={1.2}>
              {formatNumber(today.absent)}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>
                Late {today.late} · Excused {today.excused}
              </Trans>
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              <Trans>Last 14 days</Trans>
            </Text>
            <Text fz={28} fw={700} lh={1.2}>
              {formatPercentage(average)}
            </Text>
            <Text size="sm" c="dimmed">
              {plural(marked.length, { one: 'average of # marked day', other: 'average of # marked days' })}
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
