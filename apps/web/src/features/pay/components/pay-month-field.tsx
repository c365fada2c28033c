import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAcademyToday } from '../../../lib/use-academy-today';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The month a pay screen shows (the office's payroll, a teacher's own pay): this month until another
 * is chosen; while the field holds no whole month, the screen keeps showing this month.
 */
export function usePayMonth() {
  const today = useAcademyToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  const valid = MONTH.test(month);
  return { month, setMonth, valid, shown: valid ? month : today.slice(0, 7) };
}

/** The month picker of a pay screen, with the message for a month it cannot read. */
export function PayMonthField({ month, setMonth, valid }: Pick<ReturnType<typeof usePayMonth>, 'month' | 'setMonth' | 'valid'>) {
  const { t } = useLingui();
  return <TextInput type="month" label={t`Month`} value={month} onChange={(event) => setMonth(event.currentTarget.value)} error={valid ? undefined : t`Enter the month as YYYY-MM`} w={200} />;
}
