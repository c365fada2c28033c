import { Skeleton } from '@mantine/core';
import { AfterTakeOver } from './after-take-over';
import type { DateFieldProps } from './date-field';

const loadDateField = () => import('./date-field').then((module) => ({ Part: module.DateField }));

/**
 * The app's date field (date-field.tsx) on a first screen the server draws (the attendance sheet): its
 * code (Mantine's dates, the calendar, dayjs and the popover) comes right after the take-over, the
 * server's field standing until then (after-take-over.tsx, decision 104). The same props as DateField.
 */
export function DateFieldAfterTakeOver(props: DateFieldProps) {
  return <AfterTakeOver load={loadDateField} props={props} fallback={<Skeleton height={props.label ? 60 : 36} aria-hidden="true" />} />;
}
