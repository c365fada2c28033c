import { SegmentedControl, Stack, Text, type SegmentedControlProps } from '@mantine/core';
import type { ReactNode } from 'react';

type LabelledSegmentedControlProps = SegmentedControlProps & {
  /** The words above the choices, which name them for assistive technology. */
  label: ReactNode;
  /** The label's element id. */
  labelId: string;
  /** Under the choices: a hint or an error. */
  children?: ReactNode;
};

/** A SegmentedControl with a visible label above it, as the kit's inputs have (Mantine's has none). */
export function LabelledSegmentedControl({ label, labelId, children, ...control }: LabelledSegmentedControlProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...control} />
      {children}
    </Stack>
  );
}
