import { Select } from '@mantine/core';
import { localNameOptions } from '../../lib/local-name-search';

interface EntityFilterProps {
  label: string;
  /** Shown when nothing is picked ("All batches"). */
  placeholder: string;
  /** The records to pick from (a query's data; none while it loads). */
  options: readonly { _id: string; name: string }[] | undefined;
  /** The picked record's id in the address, '' for none. */
  value: string;
  /** Writes the picked id ('' when cleared) into the address. */
  onChange: (id: string) => void;
  /**
   * The name a record shows by (standards and subjects: `names.standard`, `names.subject`, in the
   * reader's language; a search finds them by the English name too). Without it, `name`.
   */
  optionName?: (option: { _id: string; name: string }) => string;
}

/** A list filter that picks one record (a batch, a standard, a subject, a teacher) by name; clearable and searchable. */
export function EntityFilter({ label, placeholder, options, value, onChange, optionName = (option) => option.name }: EntityFilterProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      {...localNameOptions(options, optionName)}
      clearable
      searchable
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
    />
  );
}
