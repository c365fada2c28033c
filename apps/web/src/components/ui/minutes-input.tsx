import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * A setting's number of minutes (how long a message or an alert waits): required, whole, in steps of 5,
 * never clamped while typed (the form's check says what is out of range), at a setting's narrow width.
 */
export function MinutesInput(props: NumberInputProps) {
  return <NumberInput withAsterisk step={5} allowDecimal={false} allowNegative={false} clampBehavior="none" maw={260} {...props} />;
}
