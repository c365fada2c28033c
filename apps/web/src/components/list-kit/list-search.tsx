import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';
import { useSearchAsYouType } from '../../lib/use-search-as-you-type';

interface ListSearchProps {
  /** The search in the address (the list's state). */
  value: string;
  /** Writes the search, trimmed, into the address: when typing pauses or the box is left (lib/use-search-as-you-type). */
  onSearch: (search: string) => void;
  /** What the list searches in ("Name, email or phone"). */
  placeholder: string;
  /** Its width where it stands beside other controls rather than in ListFilters' grid. */
  style?: CSSProperties;
  maw?: number;
}

/** A list's search box, labelled Search: what is typed shows at once, the list follows when typing pauses. */
export function ListSearch({ value, onSearch, placeholder, style, maw }: ListSearchProps) {
  const { t } = useLingui();
  const searchBox = useSearchAsYouType(value, (search) => onSearch(search.trim()));
  return <TextInput label={t`Search`} placeholder={placeholder} leftSection={<IconSearch size={16} aria-hidden="true" />} {...searchBox} style={style} maw={maw} />;
}
