import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { AttendanceMonth } from '@academy/shared/schemas/attendance';
import { ATTENDANCE_STATUSES, monthLabel, STATUS_COLORS } from '../../../lib/attendance-display';
import { useStatusLabel } from '../status-labels';

/**
 * Marks per month as stacked bars. Loaded on its own (see monthly-chart.tsx): the chart library is
 * large and only these screens need it.
 */
export function AttendanceMonthlyChart({ months }: { months: AttendanceMonth[] }) {
  // The legend shows the series' names: the marks in the language shown.
  const statusLabel = useStatusLabel();
  const data = months.map((month) => ({
    month: monthLabel(month.month),
    ...Object.fromEntries(ATTENDANCE_STATUSES.map((status) => [statusLabel(status), month[status]])),
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="month"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      series={ATTENDANCE_STATUSES.map((status) => ({ name: statusLabel(status), color: `${STATUS_COLORS[status]}.6` }))}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false, width: 30 }}
    />
  );
}

export default AttendanceMonthlyChart;
