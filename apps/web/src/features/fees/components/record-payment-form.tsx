import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_MODES, type PaymentMode, type Receipt } from '@academy/shared/schemas/fees';
import { fieldErrorsOf, normalizeError } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/format-number';
import { useRecordPayment } from '../api';
import { MODE_LABELS } from './fee-labels';
import { DateField } from '../../../components/ui/date-field';

/**
 * "Record payment", phone-friendly: amount, date, how it was paid, reference and note. One
 * Idempotency-Key per form: a double tap or a retry answers the same receipt. The calendar offers the
 * days the server accepts (`dates`: paymentDateRange, from the lock date or the previous financial
 * year to today); the server's refusal shows under the field.
 */
export function RecordPaymentForm({ studentId, balance, dates, onDone }: { studentId: string; balance: number; dates: { earliest: string; latest: string }; onDone: (receipt: Receipt) => void }) {
  const { t, i18n } = useLingui();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState<string | number>(balance > 0 ? balance : '');
  const [date, setDate] = useState(dates.latest);
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const record = useRecordPayment(studentId);
  const errors = record.error ? (fieldErrorsOf(record.error) ?? {}) : {};
  const formError = record.error && Object.keys(errors).length === 0 ? normalizeError(record.error).message : undefined;

  const submit = () => {
    record.mutate(
      { input: { amount: amount === '' ? '' : String(amount), date, mode, reference: reference || undefined, note: note || undefined }, key },
      {
        onSuccess: ({ data, message }) => {
          notifications.show({ title: t`Payment recorded`, message: message ?? t`Receipt ${data.number}`, color: 'teal' });
          setKey(crypto.randomUUID());
          onDone(data);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>Balance: {formatRupees(balance)}. The payment pays the oldest dues first.</Trans>
        </Text>
        <NumberInput
          label={t`Amount (₹)`}
          required
          inputMode="decimal"
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          allowNegative={false}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            // The last refusal was about the old amount.
            if (record.error) record.reset();
          }}
          error={errors.amount}
          size="md"
          data-autofocus
        />
        <DateField
          label={t`Date`}
          required
          value={date}
          min={dates.earliest}
          max={dates.latest}
          onChange={(value) => {
            setDate(value);
            // The last refusal may have been about the old date.
            if (record.error) record.reset();
          }}
          error={errors.date}
          size="md"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="payment-mode-label">
            <Trans>Paid by</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="payment-mode-label"
            fullWidth
            orientation="horizontal"
            data={PAYMENT_MODES.map((value) => ({ value, label: i18n._(MODE_LABELS[value]) }))}
            value={mode}
            onChange={(value) => setMode(value as PaymentMode)}
            styles={{ root: { flexWrap: 'wrap' } }}
          />
          {errors.mode ? (
            <Text size="xs" c="red.9">
              {errors.mode}
            </Text>
          ) : null}
        </Stack>
        <TextInput
          label={mode === 'upi' ? t`UPI transaction id` : mode === 'cheque' ? t`Cheque number` : t`Reference`}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={errors.reference}
          size="md"
        />
        <Textarea label={t`Note`} value={note} onChange={(event) => setNote(event.currentTarget.value)} error={errors.note} autosize minRows={2} />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending} size="md" fullWidth>
            <Trans>Record payment</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
