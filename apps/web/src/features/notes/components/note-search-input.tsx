import { Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';

interface NoteSearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** A search is on its way while earlier results show: a small spinner says so. */
  searching: boolean;
  maw?: number;
}

/** The notes' search by title or description, for the teacher's, the student's and the parent's lists. */
export function NoteSearchInput({ value, onChange, searching, maw }: NoteSearchInputProps) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Search`}
      placeholder={t`Title or description`}
      type="search"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={searching ? <Loader size="xs" aria-label={t`Searching`} /> : null}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={maw}
    />
  );
}
