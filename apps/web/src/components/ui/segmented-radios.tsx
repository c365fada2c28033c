import type { CSSProperties, ReactNode } from 'react';

export interface SegmentedRadiosOption {
  value: string;
  label: ReactNode;
  /** A Mantine colour name: the chosen option is filled with it (an attendance status's colour); without, it is a white pill. */
  color?: string;
}

interface SegmentedRadiosProps {
  /** The radio buttons' form field: a plain form posts the chosen value before the app has come, or without it. */
  name: string;
  /** What the group chooses, for assistive technology (the options' labels are what shows). */
  label: string;
  options: readonly SegmentedRadiosOption[];
  value: string;
  onChange: (value: string) => void;
}

/**
 * One row of choices, one tap each (an attendance status, a child): plain radio buttons styled by
 * segmented-radios.css, not Mantine's SegmentedControl. They need no code of their own, so a first screen
 * the server draws is usable from its first paint (a tap checks the button natively and is seen at once,
 * decision 075) and waits for no extra file before the app takes it over (issue 74, decisions 106 and 107).
 */
export function SegmentedRadios({ name, label, options, value, onChange }: SegmentedRadiosProps) {
  return (
    <div role="radiogroup" aria-label={label} className="segmented-radios">
      {options.map((option) => (
        <label
          key={option.value}
          className={option.color ? 'segmented-radios-option segmented-radios-option-filled' : 'segmented-radios-option'}
          style={option.color ? ({ '--segmented-radios-fill': `var(--mantine-color-${option.color}-filled)` } as CSSProperties) : undefined}
        >
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
