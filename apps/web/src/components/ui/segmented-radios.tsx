import type { CSSProperties, ReactNode } from 'react';

export interface SegmentedRadiosOption {
  value: string;
  label: ReactNode;
  /** A Mantine colour name: the chosen option is filled with it (an attendance status's colour, fillOf); without, it is a white pill. */
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
 * Colours too light for white words even at their darkest shade (orange's is 4.3:1): filled with a middle shade
 * and black words, as Mantine's autoContrast does. The others take their darkest shade under white words.
 */
const LIGHT_FILLS = new Set(['orange', 'yellow', 'lime']);

/** The chosen option's fill and words: 4.5:1 at least (WCAG AA for 14 px words, checked by the axe tests). */
function fillOf(color: string): CSSProperties {
  if (LIGHT_FILLS.has(color)) return { '--segmented-radios-fill': `var(--mantine-color-${color}-6)`, '--segmented-radios-fill-text': 'var(--mantine-color-black)' } as CSSProperties;
  return { '--segmented-radios-fill': `var(--mantine-color-${color}-9)` } as CSSProperties;
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
          style={option.color ? fillOf(option.color) : undefined}
        >
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
