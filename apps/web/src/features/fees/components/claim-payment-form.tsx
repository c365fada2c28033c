import { Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { shiftDate } from '@academy/shared/calendar';
import { PAYMENT_CLAIM_MESSAGES, paymentClaimInputSchema } from '@academy/shared/schemas/fees';
import { DateField } from '../../../components/ui/date-field';
import { translateServerText } from '../../../lib/server-text';
import { useEntityForm } from '../../../lib/use-entity-form';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useClaimPayment } from '../api';
import { RupeesInput } from './rupees-input';
import { FormButtons } from '../../../components/ui/form-buttons';

type Values = { utr: string; amount: string | number; paidOn: string };

/**
 * "I have paid" (issue 38): after paying in the UPI app, the family types the transaction ID (UTR)
 * the app shows, the amount and the day; the office confirms it and the receipt follows.
 */
export function ClaimPaymentForm({ dueId, balance, onDone }: { dueId: string; balance: number; onDone: () => void }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  const claim = useClaimPayment();
  const toInput = (values: Values) => ({ dueId, utr: values.utr.replace(/\s/g, ''), amount: values.amount === '' ? '' : String(values.amount), paidOn: values.paidOn });
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { utr: '', amount: balance, paidOn: today },
    schema: paymentClaimInputSchema,
    toInput,
    save: (values) => claim.mutateAsync(toInput(values)),
    onSaved: ({ message }) => {
      notifications.show({ title: t`Payment reported`, message: message ?? translateServerText(PAYMENT_CLAIM_MESSAGES.claimed), color: 'teal' });
      onDone();
    },
    failure: msg`Failed to report the payment`,
    // A small form inside the fees screen: nothing to ask before leaving.
    leaveGuard: false,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`I have paid`}>
      <Stack gap="sm">
        <TextInput
          label={t`UPI transaction ID (UTR)`}
          description={t`The 12-digit number in the payment's details in your UPI app`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          required
          data-autofocus
          key={form.key('utr')}
          {...form.getInputProps('utr')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <RupeesInput label={t`Amount paid (₹)`} required key={form.key('amount')} {...form.getInputProps('amount')} />
          <DateField label={t`Paid on`} required min={shiftDate(today, -60)} max={today} key={form.key('paidOn')} {...form.getInputProps('paidOn')} />
        </Group>
        {formError ? (
          <Text size="sm" c="red.9" role="alert">
            {formError}
          </Text>
        ) : null}
        <FormButtons cancel={{ onClick: onDone }} submitLabel={<Trans>Send to the office</Trans>} saving={saving} gap="xs" />
      </Stack>
    </form>
  );
}
