import { Select, type SelectProps } from '@mantine/core';
import { useAcademicYearSelectProps, type AcademicYearChoice } from './academic-year-choice';

type AcademicYearSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & AcademicYearChoice;

/**
 * The academic year switcher (issue 39), the one of every list and report that has one: the current
 * year by default, the four before it on demand. The choice is '' for the current year, so a screen
 * leaves `year` out of its address and its request. On a first screen the server draws, the same props
 * go to SelectAfterTakeOver (the admin's dashboard).
 */
export function AcademicYearSelect({ currentYear, value, onChange, withAll = false, ...rest }: AcademicYearSelectProps) {
  return <Select {...useAcademicYearSelectProps({ currentYear, value, onChange, withAll })} {...rest} />;
}
