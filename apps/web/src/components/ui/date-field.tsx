import '@mantine/dates/styles.css';
import 'dayjs/locale/mr';
import 'dayjs/locale/hi';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState, type FocusEvent, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '../../lib/language';
import { formatDate } from '@academy/shared/calendar';
import { parseTypedDate } from '../../lib/parse-date';

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser'> {
  /** 'YYYY-MM-DD', or '' for no date. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** Earliest and latest allowed day, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
}

/**
 * The app's one date field (issue 18 point 19): shows and takes DD-MM-YYYY in every language (typed, or
 * picked in a calendar with month and weekday names in the language shown), gives 'YYYY-MM-DD' like the
 * API, and says clearly when a typed date cannot be read or is out of range. Used only in signed-in and
 * admission screens (its code loads with them, never on the landing page).
 */
export function DateField({ value, defaultValue, onChange, min, max, error, onBlur, required, withAsterisk, ...props }: DateFieldProps) {
  const { t } = useLingui();
  const language = useLanguage();
  const [typedError, setTypedError] = useState<string | null>(null);
  // Whether the text being typed is a date the field accepts: then leaving the field shows it as
  // DD-MM-YYYY; otherwise the text stays as typed, with the reason beside it.
  const [typedValid, setTypedValid] = useState(true);
  // While the calendar is open, Escape closes only the calendar: Mantine's Modal (listening on the
  // window) skips an Escape whose target carries this attribute, as its own Select does.
  const [calendarOpen, setCalendarOpen] = useState(false);
  const acceptable = (text: string) => {
    const parsed = text.trim() === '' ? '' : parseTypedDate(text);
    return parsed !== null && (parsed === '' || ((!min || parsed >= min) && (!max || parsed <= max)));
  };

  const check = (event: FocusEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value.trim();
    const parsed = text === '' ? '' : parseTypedDate(text);
    if (parsed === null) setTypedError(t`Enter the date as DD-MM-YYYY, for example 25-06-2026`);
    else if (parsed !== '' && min && parsed < min) setTypedError(t`Choose a date on or after ${formatDate(min)}`);
    else if (parsed !== '' && max && parsed > max) setTypedError(t`Choose a date on or before ${formatDate(max)}`);
    else setTypedError(null);
    onBlur?.(event);
  };

  return (
    <DateInput
      {...props}
      required={required}
      withAsterisk={withAsterisk}
      value={value === undefined ? undefined : value || null}
      defaultValue={defaultValue === undefined ? undefined : defaultValue || null}
      onChange={(next) => {
        setTypedError(null);
        onChange?.(next ?? '');
      }}
      onBlur={check}
      onInput={(event: FormEvent<HTMLInputElement>) => setTypedValid(acceptable(event.currentTarget.value))}
      valueFormat="DD-MM-YYYY"
      dateParser={(text) => parseTypedDate(text)}
      fixOnBlur={typedValid}
      minDate={min}
      maxDate={max}
      locale={language}
      firstDayOfWeek={1}
      clearable={!required && !withAsterisk}
      // Mantine's clear button has no name of its own (axe: button-name, critical).
      clearButtonProps={{ 'aria-label': t`Clear the date`, ...props.clearButtonProps }}
      placeholder={props.placeholder ?? t`DD-MM-YYYY`}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      error={typedError ?? error}
      data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
      popoverProps={{
        withinPortal: true,
        ...props.popoverProps,
        onOpen: () => {
          setCalendarOpen(true);
          props.popoverProps?.onOpen?.();
        },
        onClose: () => {
          setCalendarOpen(false);
          props.popoverProps?.onClose?.();
        },
      }}
    />
  );
}
