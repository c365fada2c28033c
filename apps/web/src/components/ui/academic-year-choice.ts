import type { SelectProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { shiftAcademicYear } from '@academy/shared/calendar';

/** The choice that sends no `year`: the current academic year. */
const CURRENT = 'current';
/** How many past years the switcher offers. */
const PAST_YEARS = 4;

export interface AcademicYearChoice {
  /** The academic year the academy is in ("2026-27"). */
  currentYear: string;
  /** '' the current year, else a year's name ("2025-26") or, with `withAll`, 'all'. */
  value: string;
  onChange: (year: string) => void;
  /** Offer "All years" too (the batch list). */
  withAll?: boolean;
}

/**
 * The academic year switcher's props for a Select (academic-year-select.tsx): its label, its years and the
 * choice ('' for the current year). Without Select's code: the admin's dashboard gives them to
 * SelectAfterTakeOver (decision 104).
 */
export function useAcademicYearSelectProps({ currentYear, value, onChange, withAll = false }: AcademicYearChoice): SelectProps {
  const { t } = useLingui();
  const data = [
    { value: CURRENT, label: t`Current year (${currentYear})` },
    ...Array.from({ length: PAST_YEARS }, (_unused, index) => {
      const year = shiftAcademicYear(currentYear, -(index + 1));
      return { value: year, label: year };
    }),
    ...(withAll ? [{ value: 'all', label: t`All years` }] : []),
  ];
  return {
    label: t`Academic year`,
    data,
    allowDeselect: false,
    value: value === '' || value === currentYear ? CURRENT : value,
    onChange: (next) => onChange(!next || next === CURRENT ? '' : next),
  };
}
