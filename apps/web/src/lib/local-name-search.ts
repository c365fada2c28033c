import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/**
 * Searchable selects of standards and subjects (issue 42): their options are labelled in the
 * reader's language (useLocalNames), and a search finds an option by the label shown or by its
 * English words, as the office may type "Physics" while reading Marathi.
 */

/** A select's filter: an option matches when its label or its English label (by value) contains the search. */
export function searchEnglishToo(english: ReadonlyMap<string, string>): OptionsFilter {
  const filter: OptionsFilter = ({ options, search, limit }) => {
    const wanted = search.trim().toLowerCase();
    const result: ComboboxParsedItem[] = [];
    for (const option of options) {
      if (result.length === limit) break;
      if ('group' in option) {
        result.push({ group: option.group, items: filter({ options: option.items, search, limit: limit - result.length }) as ComboboxItem[] });
      } else if (option.label.toLowerCase().includes(wanted) || (english.get(option.value)?.toLowerCase().includes(wanted) ?? false)) {
        result.push(option);
      }
    }
    return result;
  };
  return filter;
}

/**
 * A searchable select's `data` and `filter` for records with an English `name`: each labelled by
 * `localName` (names.standard, names.subject) and found by either name. `label` dresses the name
 * ("Physics (PHY)"), the same way for both.
 */
export function localNameOptions<T extends { _id: string; name: string }>(
  records: readonly T[] | undefined,
  localName: (record: T) => string,
  label: (name: string, record: T) => string = (name) => name,
): { data: ComboboxItem[]; filter: OptionsFilter } {
  const list = records ?? [];
  return {
    data: list.map((record) => ({ value: record._id, label: label(localName(record), record) })),
    filter: searchEnglishToo(new Map(list.map((record) => [record._id, label(record.name, record)]))),
  };
}
