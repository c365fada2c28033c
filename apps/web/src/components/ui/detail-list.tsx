import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/**
 * Label and value pairs of a record: one column on phones (two with `phoneCols`, for many short
 * facts), two or three on wider screens.
 */
export function DetailList({ items, cols = 2, phoneCols = 1 }: { items: DetailItem[]; cols?: 2 | 3; phoneCols?: 1 | 2 }) {
  return (
    <SimpleGrid component="dl" cols={{ base: phoneCols, xs: 2, md: cols }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? '—' : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
