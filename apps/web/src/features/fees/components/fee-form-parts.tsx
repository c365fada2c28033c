import { Alert, Button, Group, type ButtonProps, type NumberInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { DateField, type DateFieldProps } from '../../../components/ui/date-field';
import { RupeesInput } from './rupees-input';

/*
 * What the fee plan's form and the payment's form share (issue 79): an amount and a date bound to the
 * form's field, the amount as the server gets it, and the form's last lines.
 */

/** An amount as the server gets it: the rupees as typed, as text (empty stays empty, for the schema to name). */
export function rupeesText(amount: string | number): string {
  return String(amount);
}

// Mantine's useForm takes `Record<string, any>`, as useEntityForm does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm = UseFormReturnType<any>;

/** A rupees field bound to the form's field at `path` (`amount`, `instalments.0.amount`). */
export function RupeesField({ form, path, ...props }: Omit<NumberInputProps, 'form'> & { form: AnyForm; path: string }) {
  return <RupeesInput key={form.key(path)} {...form.getInputProps(path)} {...props} />;
}

/** A date field bound to the form's field at `path` (`date`, `instalments.0.dueDate`). */
export function DateFormField({ form, path, ...props }: Omit<DateFieldProps, 'form'> & { form: AnyForm; path: string }) {
  return <DateField key={form.key(path)} {...form.getInputProps(path)} {...props} />;
}

/** A fee form's last lines: the refusal that names no field, then the submit button on the right (spinning while saving). */
export function FeeFormEnd({ formError, saving, button, children }: { formError: string | null; saving: boolean; button?: Pick<ButtonProps, 'size' | 'fullWidth'>; children: ReactNode }) {
  return (
    <>
      {formError ? (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button type="submit" loading={saving} {...button}>
          {children}
        </Button>
      </Group>
    </>
  );
}
