import { Button, Group } from '@mantine/core';
import type { AttendanceRange } from '../api';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateField } from '../../../components/ui/date-field';

interface DateRangeFieldsProps {
  value: AttendanceRange;
  onChange: (range: AttendanceRange) => void;
  /** Shown in the fields when the range is the server's default. */
  placeholder?: AttendanceRange;
  max?: string;
}

/** From and to dates (DD-MM-YYYY, typed or picked); an end before the start is not applied. */
export function DateRangeFields({ value, onChange, placeholder, max }: DateRangeFieldsProps) {
  const start = value.startDate ?? '';
  const end = value.endDate ?? '';
  const invalid = start !== '' && end !== '' && end < start;
  const { t } = useLingui();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateField
        label={t`From`}
        size="md"
        max={max}
        value={start || placeholder?.startDate || ''}
        onChange={(next) => onChange({ ...value, startDate: next || undefined })}
        style={{ flex: '1 1 140px' }}
      />
      <DateField
        label={t`To`}
        size="md"
        max={max}
        value={end || placeholder?.endDate || ''}
        error={invalid ? t`End date cannot be before start date` : undefined}
        onChange={(next) => onChange({ ...value, endDate: next || undefined })}
        style={{ flex: '1 1 140px' }}
      />
      {start || end ? (
        <Button variant="subtle" size="md" onClick={() => onChange({})}>
          <Trans>Reset</Trans>
        </Button>
      ) : null}
    </Group>
  );
}

/** A range the server accepts: an end before the start is dropped until it is fixed. */
export function validRange(range: AttendanceRange): AttendanceRange {
  if (range.startDate && range.endDate && range.endDate < range.startDate) return { startDate: range.startDate };
  return range;
}
