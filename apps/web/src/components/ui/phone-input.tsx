import type { Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

/** A field for a phone number: a TextInput that opens the phone's number pad (type and inputMode `tel`). */
export function PhoneInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput type="tel" inputMode="tel" {...props} />;
}
