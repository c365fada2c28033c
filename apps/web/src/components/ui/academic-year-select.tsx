import { Select, type SelectProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { shiftAcademicYear } from '@academy/shared/calendar';

/** The choice that sends no `year`: the current academic year. */
const CURRENT = 'current';
/** How many past years the switcher offers. */
const PAST_YEARS = 4;

type AcademicYearSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** The academic year the academy is in ("2026-27"). */
  currentYear: string;
  /** '' the current year, else a year's name ("2025-26") or, with `withAll`, 'all'. */
  value: string;
  onChange: (year: string) => void;
  /** Offer "All years" too (the batch list). */
  withAll?: boolean;
};

/**
 * The academic year switcher (issue 39), the one of every list and report that has one: the current
 * year by default, the four before it on demand. The choice is '' for the current year, so a screen
 * leaves `year` out of its address and its request.
 */
export function AcademicYearSelect({ currentYear, value, onChange, withAll = false, ...rest }: AcademicYearSelectProps) {
  const { t } = useLingui();
  const data = [
    { value: CURRENT, label: t`Current year (${currentYear})` },
    ...Array.from({ length: PAST_YEARS }, (_unused, index) => {
      const year = shiftAcademicYear(currentYear, -(index + 1));
      return { value: year, label: year };
    }),
    ...(withAll ? [{ value: 'all', label: t`All years` }] : []),
  ];
  return (
    <Select
      label={t`Academic year`}
      data={data}
      allowDeselect={false}
      value={value === '' || value === currentYear ? CURRENT : value}
      onChange={(next) => onChange(!next || next === CURRENT ? '' : next)}
      {...rest}
    />
  );
}
