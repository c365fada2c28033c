import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { AttendanceMonth } from '@academy/shared/schemas/attendance';
import { ATTENDANCE_STATUS_LABELS, ATTENDANCE_STATUSES, monthLabel, STATUS_COLORS } from '../attendance-display';

/**
 * Marks per month as stacked bars. Loaded on its own (see monthly-chart.tsx): the chart library is
 * large and only these screens need it.
 */
export function AttendanceMonthlyChart({ months }: { months: AttendanceMonth[] }) {
  const data = months.map((month) => ({
    month: monthLabel(month.month),
    ...Object.fromEntries(ATTENDANCE_STATUSES.map((status) => [ATTENDANCE_STATUS_LABELS[status], month[status]])),
  }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="month"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      series={ATTENDANCE_STATUSES.map((status) => ({ name: ATTENDANCE_STATUS_LABELS[status], color: `${STATUS_COLORS[status]}.6` }))}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false, width: 30 }}
    />
  );
}

export default AttendanceMonthlyChart;
