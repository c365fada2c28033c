import type { UseFormReturnType } from '@mantine/form';
import { showFieldErrors } from './api-client';

/** What checkedSubmit reads of a schema (a zod schema). */
interface Checks<Input> {
  safeParse: (value: unknown) => { success: true; data: Input } | { success: false };
}

/**
 * A form's submit that sends its values once they pass `schema` (the check the form validates with);
 * the server's refusal of a field shows under that field.
 */
// Mantine's useForm takes `Record<string, any>`, as useEntityForm.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function checkedSubmit<Values extends Record<string, any>, Input>(
  form: UseFormReturnType<Values>,
  schema: Checks<Input>,
  send: (input: Input, handlers: { onError: (error: unknown) => void }) => void,
) {
  return form.onSubmit((values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    send(parsed.data, { onError: (error) => void showFieldErrors(form, error) });
  });
}
