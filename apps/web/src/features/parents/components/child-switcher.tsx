import { NativeSelect, SegmentedControl } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ParentChild } from '@academy/shared/schemas/parents';

/**
 * Which child a parent's screen shows: nothing for one child, first names side by side for two or three,
 * and the phone's own list for more (a native select: no extra code to download, the system's picker).
 */
export function ChildSwitcher({ list, value, onChange }: { list: ParentChild[]; value: string; onChange: (childId: string) => void }) {
  const { t } = useLingui();
  if (list.length < 2) return null;
  if (list.length <= 3) {
    return <SegmentedControl fullWidth aria-label={t`Choose a child`} value={value} onChange={onChange} data={list.map((entry) => ({ value: entry._id, label: entry.name.split(' ')[0] ?? entry.name }))} />;
  }
  return <NativeSelect label={t`Choose a child`} value={value} onChange={(event) => onChange(event.currentTarget.value)} data={list.map((entry) => ({ value: entry._id, label: entry.name }))} />;
}
