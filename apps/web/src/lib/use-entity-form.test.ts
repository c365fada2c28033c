import { afterEach, describe, expect, it } from 'vitest';
import { feePlanInputSchema, receiptCancelInputSchema } from '@academy/shared/schemas/fees';
import { ApiError } from './api-client';
import { setCurrentLanguage } from './current-language';
import { loadServerMessages } from './server-text';
import { entityFormValidator, refusalOf } from './use-entity-form';

// The hook itself is Mantine's useForm plus React state; apps/web has no DOM test setup, so these
// test its pure parts: the check before sending and how a refusal is split for the form.

afterEach(() => setCurrentLanguage('en'));

describe('entityFormValidator', () => {
  it("flags bad input with the shared schema's own sentence, under the body's field path", () => {
    const check = entityFormValidator(receiptCancelInputSchema);
    expect(check({ reason: ' ' })).toEqual({ reason: 'Give a reason for the cancellation' });
    expect(check({ reason: 'Cheque bounced' })).toEqual({});
  });

  it('checks the body the form would send (toInput), nested fields and refinements included', () => {
    type Values = { name: string; batch: string | null; amount: number | string; instalments: { dueDate: string; amount: number | string }[] };
    const check = entityFormValidator<Values>(feePlanInputSchema, (values) => ({
      ...values,
      batch: values.batch ?? '',
      amount: String(values.amount),
      instalments: values.instalments.map((row) => ({ dueDate: row.dueDate, amount: String(row.amount) })),
    }));
    const errors = check({ name: '', batch: null, amount: 1000, instalments: [{ dueDate: 'soon', amount: 400 }] });
    expect(errors.name).toBe('Plan name is required');
    expect(errors.batch).toBe('Choose a batch');
    expect(errors['instalments.0.dueDate']).toBe('Enter a date as YYYY-MM-DD');

    const valid = { name: 'Term 1', batch: '0b9f1d5e-7c1a-4b9e-9a63-2f0d3c1e5a77', amount: 1000, instalments: [{ dueDate: '2026-07-01', amount: 400 }] };
    expect(check(valid)).toEqual({ instalments: 'The instalments must add up to the plan amount' });
    expect(check({ ...valid, instalments: [{ dueDate: '2026-07-01', amount: 1000 }] })).toEqual({});
  });

  it('words the messages in the language shown, as the server would', async () => {
    await loadServerMessages();
    setCurrentLanguage('mr');
    expect(entityFormValidator(receiptCancelInputSchema)({ reason: '' })).toEqual({ reason: 'रद्द करण्याचे कारण लिहा' });
  });
});

describe('refusalOf', () => {
  it("puts a 400's field errors on the fields and no message on the form", () => {
    const error = new ApiError('Validation failed', 400, { success: false, message: 'Validation failed', errors: { amount: 'This payment is more than the ₹500 still due' } });
    expect(refusalOf(error)).toEqual({ fieldErrors: { amount: 'This payment is more than the ₹500 still due' }, formError: null });
  });

  it("shows any other refusal as one message for the form, the caller's words when the answer has none", () => {
    expect(refusalOf(new ApiError('Receipt not found', 404, { success: false, message: 'Receipt not found' }))).toEqual({ fieldErrors: {}, formError: 'Receipt not found' });
    expect(refusalOf(new ApiError('An error occurred', 0, null), 'The backup was not restored')).toEqual({ fieldErrors: {}, formError: 'The backup was not restored' });
  });
});
