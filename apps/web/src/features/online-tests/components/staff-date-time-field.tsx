import '@mantine/dates/styles.css';
import 'dayjs/locale/mr';
import 'dayjs/locale/hi';
import { DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarTime } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { FocusEventHandler, ReactNode } from 'react';
import { useLanguage } from '../../../lib/language';

/** dayjs's format of the field: "26-11-2026 10:00 AM", as dates and times read everywhere in the app. */
const VALUE_FORMAT = 'DD-MM-YYYY h:mm A';
/** The clock's half-day switch: "AM" and "PM" in every language, as the app writes times. */
const AM_PM_LABEL = 'AM/PM';

interface StaffDateTimeFieldProps {
  label: string;
  description?: string;
  /** May be left empty (with a clear button); else marked required. */
  optional?: boolean;
  /** 'YYYY-MM-DD HH:mm:ss' on this device's clock, '' when empty (given by the form's getInputProps). */
  value?: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  error?: ReactNode;
}

/**
 * A paper's opening or closing: a day in a calendar and a time in 12-hour clock, shown "26-11-2026
 * 10:00 AM" as every date and time of the app reads. On a phone the calendar opens as a dialog over
 * the screen (a dropdown under the field would not fit beside the keyboard).
 */
export function StaffDateTimeField({ label, description, optional = false, value, onChange, onBlur, onFocus, error }: StaffDateTimeFieldProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <DateTimePicker
      label={label}
      description={description}
      withAsterisk={!optional}
      clearable={optional}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      onFocus={onFocus}
      error={error}
      valueFormat={VALUE_FORMAT}
      locale={language}
      firstDayOfWeek={1}
      dropdownType={phone ? 'modal' : 'popover'}
      popoverProps={{ withinPortal: true }}
      modalProps={{ title: label, centered: true }}
      placeholder={t`Choose the date and time`}
      leftSection={<IconCalendarTime size={16} aria-hidden="true" />}
      nextLabel={t`Next month`}
      previousLabel={t`Previous month`}
      timePickerProps={{
        format: '12h',
        hoursInputLabel: t`Hours`,
        minutesInputLabel: t`Minutes`,
        amPmInputLabel: AM_PM_LABEL,
        amPmLabels: { am: 'AM', pm: 'PM' },
      }}
      submitButtonProps={{ 'aria-label': t`Done` }}
    />
  );
}
