import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** One column's heading; amounts and counts are right-aligned, as their cells are; `w`: a narrow column's width (a tick box). */
export type TableHeading = { label: ReactNode; align?: 'right'; w?: number };

/** A table's heading row, written as the list of its columns' headings. */
export function TableHead({ headings }: { headings: TableHeading[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {headings.map((heading, index) => (
          // A table's headings never move: their place is their identity.
          <Table.Th key={index} ta={heading.align} w={heading.w}>
            {heading.label}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
