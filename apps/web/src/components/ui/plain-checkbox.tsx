import type { ChangeEvent, ReactNode } from 'react';

interface PlainCheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  /** The name assistive technology reads when the label alone is not enough ("Called the family of …"). */
  'aria-label'?: string;
  /** Announced as an on/off switch rather than a box to tick (what Mantine's Switch was). */
  role?: 'switch';
}

/**
 * A box to tick with its label on a first screen the server draws (the admin's dashboard: "Called", "Tell the
 * families"): a plain checkbox drawn by plain-checkbox.css, a global stylesheet in the page's first one, not
 * Mantine's Checkbox or Switch, which bring their Input and InlineInput (about 6 kB before the take-over,
 * decision 110). Elsewhere, after the take-over, forms keep Mantine's.
 */
export function PlainCheckbox({ label, checked, onChange, disabled = false, 'aria-label': ariaLabel, role }: PlainCheckboxProps) {
  return (
    <label className="plain-checkbox" data-disabled={disabled || undefined}>
      <input type="checkbox" role={role} checked={checked} disabled={disabled} aria-label={ariaLabel} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}
