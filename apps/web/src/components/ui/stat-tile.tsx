import { Paper, Text } from '@mantine/core';

/** One figure with its label, in a small bordered tile (a report's totals, an import's dry run). */
export function StatTile({ label, value, color }: { label: string; value: string | number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}
