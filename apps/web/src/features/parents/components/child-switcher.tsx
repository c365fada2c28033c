import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { ParentChild } from '@academy/shared/schemas/parents';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';

/**
 * Which child a parent's screen shows: nothing for one child, first names side by side for two or three
 * (radio buttons, segmented-radios.tsx), and the phone's own list for more (a select: the system's picker,
 * styled by child-switcher.css). Plain elements, not Mantine's SegmentedControl and NativeSelect: those are
 * two files of their own (with Input) that the parent's first screens waited for on slow mobile data
 * before they could be used (issue 74); these need no code of their own and work before the app runs.
 */
export function ChildSwitcher({ list, value, onChange }: { list: ParentChild[]; value: string; onChange: (childId: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  if (list.length < 2) return null;
  if (list.length <= 3) {
    return (
      <SegmentedRadios
        name={`child-${id}`}
        label={t`Choose a child`}
        options={list.map((entry) => ({ value: entry._id, label: entry.name.split(' ')[0] ?? entry.name }))}
        value={value}
        onChange={onChange}
      />
    );
  }
  return (
    <div className="child-switcher-list">
      <label htmlFor={`child-${id}`}>{t`Choose a child`}</label>
      <select id={`child-${id}`} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {list.map((entry) => (
          <option key={entry._id} value={entry._id}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}
