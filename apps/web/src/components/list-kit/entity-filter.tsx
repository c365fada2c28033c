import { Select } from '@mantine/core';

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
}

/** A list filter that picks one record (a batch, a standard, a subject, a teacher) by name; clearable and searchable. */
export function EntityFilter({ label, placeholder, options, value, onChange }: EntityFilterProps) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={(options ?? []).map((option) => ({ value: option._id, label: option.name }))}
      clearable
      searchable
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
    />
  );
}
