import { NumberInput, type NumberInputProps } from '@mantine/core';

/** An amount of rupees as the office types it: digits grouped the Indian way (1,00,000), never negative, paise allowed. */
export function RupeesInput(props: NumberInputProps) {
  return <NumberInput inputMode="decimal" thousandSeparator="," thousandsGroupStyle="lakh" allowNegative={false} {...props} />;
}
