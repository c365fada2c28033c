import { Paper, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** The box of search and filter fields above a list: one column on a phone, `columns` side by side on a wide screen. */
export function ListFilters({ columns, children }: { columns: { sm?: number; lg?: number }; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <SimpleGrid cols={{ base: 1, ...columns }} spacing="sm">
        {children}
      </SimpleGrid>
    </Paper>
  );
}
