import { Paper, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AttendanceMonth } from '@academy/shared/schemas/attendance';
import { monthLabel } from '../../../lib/attendance-display';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const AttendanceMonthlyChart = lazy(() => import('./attendance-monthly-chart'));

/** The monthly chart, fetched only when shown; a one-line summary per month is read out instead. */
export function MonthlyChart({ months }: { months: AttendanceMonth[] }) {
  const { t } = useLingui();
  if (months.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} size="sm" mb="xs">
        <Trans>By month</Trans>
      </Text>
      {/* inert as well: the chart's SVG is focusable, and hidden content must not take the focus. */}
      <div aria-hidden="true" inert>
        <Suspense fallback={<Skeleton h={220} radius="md" />}>
          <AttendanceMonthlyChart months={months} />
        </Suspense>
      </div>
      <ul style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {months.map((month) => (
          <li key={month.month}>
            {monthLabel(month.month, true)}: {month.percentage === null ? t`nothing marked` : plural(month.total, { one: `${month.percentage}% of # class`, other: `${month.percentage}% of # classes` })}
          </li>
        ))}
      </ul>
    </Paper>
  );
}
