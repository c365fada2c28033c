import type { ComponentType } from 'react';
import { Skeleton, type SelectProps } from '@mantine/core';
import { AfterTakeOver } from './after-take-over';

const loadSelect = () => import('./select-part').then((module) => ({ Part: module.Select as ComponentType<SelectProps> }));

/**
 * Mantine's Select on a first screen the server draws (the admin's dashboard, the attendance sheet): its
 * code (the list, the popover, @floating-ui: about 40 kB) comes right after the take-over, the server's
 * field standing until then (after-take-over.tsx, decision 104). The same props as Select.
 */
export function SelectAfterTakeOver(props: SelectProps) {
  return <AfterTakeOver load={loadSelect} props={props} fallback={<Skeleton height={props.label ? 60 : 36} aria-hidden="true" />} />;
}
