import { Paper, SimpleGrid, Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's facts on a card of a detail page: one column on phones, two from small screens up (Field inside). */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

interface FieldProps extends Pick<TextProps, 'fw' | 'ff' | 'style'> {
  label: string;
  /** The whole row of the grid (a long text). */
  wide?: boolean;
  children: ReactNode;
}

/** One labelled value of a FieldGrid; `fw`, `ff` and `style` set the value's type. */
export function Field({ label, wide, children, ...value }: FieldProps) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" {...value}>
        {children}
      </Text>
    </div>
  );
}
