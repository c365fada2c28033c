import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import type { AdminDashboardSummary } from '@academy/shared/schemas/dashboard';
import { shortDayLabel } from '../../../lib/attendance-display';
import { useLingui } from '@lingui/react/macro';

/** The academy's daily attendance rate over 14 days; days without marks leave a gap. Loaded lazily (large library). */
export function AttendanceTrendChart({ trend }: { trend: AdminDashboardSummary['attendance']['trend'] }) {
  const { t } = useLingui();
  const data = trend.map((day) => ({ day: shortDayLabel(day.date).day, Attendance: day.percentage }));
  return (
    <AreaChart
      h={200}
      data={data}
      dataKey="day"
      series={[{ name: 'Attendance', label: t`Attendance`, color: 'teal.6' }]}
      curveType="monotone"
      connectNulls={false}
      withDots
      gridAxis="y"
      yAxisProps={{ domain: [0, 100], width: 36 }}
      valueFormatter={(value) => `${value}%`}
    />
  );
}

export default AttendanceTrendChart;
