import { schemaResolver, useForm, type FormErrors, type FormMode } from '@mantine/form';
import type { MessageDescriptor } from '@lingui/core';
import { useState } from 'react';
import type { ZodType } from 'zod';
import { fieldErrorsOf, normalizeError } from './api-client';
import { localizedErrors } from './server-text';
import { useFormLeaveGuard } from './use-unsaved-changes-prompt';

/**
 * The form's check before sending: the body the form would send (`toInput(values)`) checked with
 * the same shared zod schema the server checks it with, so a field gets the server's own sentence
 * (packages/shared/src/zod-messages.ts for a schema that words none), in the language shown.
 * Paths are the body's (`instalments.0.amount`), so the form's values must use the body's field names.
 */
export function entityFormValidator<Values>(schema: ZodType, toInput: (values: Values) => unknown = (values) => values): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return localizedErrors((values: Values) => resolve(toInput(values)));
}

export interface Refusal {
  /** The server's 400 `errors`, to put under their fields. */
  fieldErrors: Record<string, string>;
  /** The whole answer's message when no field was named (a 409, a 503, no network), else null. */
  formError: string | null;
}

/** A failed save as a form shows it: field errors under their fields, anything else in one message. */
export function refusalOf(error: unknown, failure?: string | MessageDescriptor): Refusal {
  const fieldErrors = fieldErrorsOf(error) ?? {};
  return { fieldErrors, formError: Object.keys(fieldErrors).length > 0 ? null : normalizeError(error, failure).message };
}

export interface EntityFormOptions<Values, Result> {
  /** Read once, at the first render (as Mantine's useForm does). */
  initialValues: Values;
  /** The shared schema of the request body (the one the API route validates with). */
  schema: ZodType;
  /** The values as the body the server gets, when they differ (a NumberInput's '' or number → text…). */
  toInput?: (values: Values) => unknown;
  /** Sends the values (e.g. `(values) => mutation.mutateAsync(…)`); throws on refusal. */
  save: (values: Values) => Promise<Result>;
  /** After a save: the form's own next step (a notification, navigate, close the dialog). */
  onSaved: (result: Result, values: Values) => void;
  /** After a refusal, once its field errors are on the fields (e.g. a notification). */
  onFailed?: (error: unknown) => void;
  /**
   * When the check before sending finds errors, with them (a long form shows where: issue 73). The server's
   * field errors come to `onFailed`, already on the form (`form.errors`).
   */
  onInvalid?: (errors: FormErrors) => void;
  /** The words for `formError` when the answer carries no message of its own. */
  failure?: string | MessageDescriptor;
  /** Mantine's mode: 'controlled' when the screen reads the values while typing (a total, a label). */
  mode?: FormMode;
  /**
   * Ask before leaving the page with unsaved changes (default). A form in a dialog, or one that is a
   * small part of a bigger screen, passes false: those never asked and still do not.
   */
  leaveGuard?: boolean;
}

/**
 * The one way to write a form that creates or edits a record (issue 36): Mantine's form with the
 * shared zod schema (bad input is flagged before anything is sent, in the server's words), the
 * server's field errors put on the same fields, one save at a time (`saving` disables the submit),
 * and a question before leaving with unsaved changes. Call `allowLeave()` right before navigating away
 * after a save (the navigation happens before React re-renders with the form clean).
 */
// Mantine's useForm takes `Record<string, any>` (an interface of field types fits it, unlike `unknown`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useEntityForm<Values extends Record<string, any>, Result>(options: EntityFormOptions<Values, Result>) {
  const [initialValues] = useState(options.initialValues);
  const guard = useFormLeaveGuard(initialValues, options.leaveGuard ?? true);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: options.mode ?? 'uncontrolled',
    initialValues,
    validate: entityFormValidator(options.schema, options.toInput),
    onValuesChange: (values) => {
      guard.onValuesChange(values);
      // The last refusal was about the old values.
      setFormError(null);
    },
  });

  const send = async (values: Values) => {
    // A second tap while saving does nothing (a submit is a discrete event: React has re-rendered
    // with `saving` before the next one arrives).
    if (saving) return;
    setSaving(true);
    setFormError(null);
    let result: Result;
    try {
      result = await options.save(values);
    } catch (error) {
      const refusal = refusalOf(error, options.failure);
      form.setErrors(refusal.fieldErrors);
      setFormError(refusal.formError);
      options.onFailed?.(error);
      return;
    } finally {
      setSaving(false);
    }
    guard.saved(values);
    options.onSaved(result, values);
  };

  const onSubmit = form.onSubmit(
    (values) => void send(values),
    (errors) => options.onInvalid?.(errors),
  );
  // markSaved: a form that stays open after a save and shows the server's answer (form.setValues)
  // tells the guard those values are the saved ones, so they do not count as unsaved changes.
  return { form, onSubmit, saving, formError, allowLeave: guard.allowLeave, markSaved: guard.saved };
}
