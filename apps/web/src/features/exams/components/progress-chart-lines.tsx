import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

/** Percentages across tests with the batch average. Loaded on its own (see progress-chart.tsx): the chart library is large. */
export function ProgressChartLines({ data, series }: { data: Record<string, string | number | null>[]; series: { name: string; color: string }[] }) {
  return (
    <LineChart
      h={220}
      data={data}
      dataKey="test"
      series={series}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      connectNulls
      yAxisProps={{ domain: [0, 100], width: 36 }}
      unit="%"
      curveType="linear"
    />
  );
}

export default ProgressChartLines;
