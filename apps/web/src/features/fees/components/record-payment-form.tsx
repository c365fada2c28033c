import { Alert, Anchor, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_MODES, paymentInputSchema, type Due, type Ledger, type PaymentMode, type Receipt, type RecordedPayment } from '@academy/shared/schemas/fees';
import { formatDate } from '../../../lib/format-date';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { formatRupees } from '../../../lib/format-number';
import { useEntityForm } from '../../../lib/use-entity-form';
import { receiptPdfUrl, useRecordPayment } from '../api';
import { MODE_LABELS } from './fee-labels';
import { DateField } from '../../../components/ui/date-field';
import { RupeesInput } from './rupees-input';
import { useTaxSettings } from '../../gst/api';

interface PaymentFormValues {
  amount: string | number;
  date: string;
  mode: PaymentMode;
  reference: string;
  note: string;
  /** '' = oldest dues first (the default); else the due this payment is for. */
  dueId: string;
  /** GST (issue 57): a registered payer (a company paying for the student); empty for a family. */
  payerGstin: string;
  payerName: string;
  /** A registered payer's own address (CGST rule 46(d), decision 062). */
  payerAddress: string;
  /** The student's address, asked for when a tax invoice of ₹50,000 or more needs it and none is on record (rule 46(e)). */
  studentAddress: string;
}

/** The body the server gets: the amount as typed (rupees, as text), an empty reference or note left out. */
function toPaymentInput(values: PaymentFormValues) {
  return {
    amount: values.amount === '' ? '' : String(values.amount),
    date: values.date,
    mode: values.mode,
    reference: values.reference || undefined,
    note: values.note || undefined,
    dueId: values.dueId || undefined,
    payerGstin: values.payerGstin.trim() || undefined,
    payerName: values.payerGstin.trim() ? values.payerName || undefined : undefined,
    payerAddress: values.payerGstin.trim() ? values.payerAddress.trim() || undefined : undefined,
    studentAddress: values.payerGstin.trim() ? undefined : values.studentAddress.trim() || undefined,
  };
}

/**
 * What a family usually pays at the counter: the oldest open due's balance (a payment pays the oldest
 * dues first), not the whole year's; nothing when nothing is open.
 */
export function nextDueBalance(ledger: Ledger): number {
  // With fee plans quoted excluding GST the family pays the balance plus the tax on it (issue 57).
  const next = openDues(ledger)[0];
  return next ? (next.gst?.total ?? next.balance) : 0;
}

/** The dues with something left to pay, oldest first: what a payment may name (issue 54). */
export function openDues<D extends Due>(ledger: { dues: D[] }): D[] {
  const open = ledger.dues.filter((due) => (due.status === 'due' || due.status === 'overdue') && due.balance > 0);
  return open.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}

const CHANNEL_LABELS = { push: msg`the app`, whatsapp: msg`WhatsApp`, sms: msg`SMS`, email: msg`email` } as const;

/** "Sunita Patil (WhatsApp, email), Ramesh Patil (SMS)": where a new receipt goes. */
function sentToText(sentTo: RecordedPayment['sentTo'], i18n: I18n): string {
  return sentTo.map((person) => `${person.name} (${person.channels.map((channel) => i18n._(CHANNEL_LABELS[channel])).join(', ')})`).join(', ');
}

/**
 * "Record payment", phone-friendly: amount, date, how it was paid, reference and note. One
 * Idempotency-Key per form: a double tap or a retry answers the same receipt. The calendar offers the
 * days the server accepts (`dates`: paymentDateRange, from the lock date or the previous financial
 * year to today); the shared schema checks the form before sending, and the server's refusal (a date
 * before the lock date, more than is due) shows under its field.
 */
export function RecordPaymentForm({
  studentId,
  balance,
  suggested,
  dues = [],
  dates,
  onDone,
}: {
  studentId: string;
  balance: number;
  /** The open dues, oldest first (openDues): the family may be paying one of them; `gst` is the tax on top when prices exclude it. */
  dues?: (Due & { gst?: { tax: number; total: number } | null })[];
  /** The amount filled in at first (the next due's balance, nextDueBalance). */
  suggested: number;
  dates: { earliest: string; latest: string };
  onDone: (receipt: Receipt) => void;
}) {
  const { t, i18n } = useLingui();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const record = useRecordPayment(studentId);
  // GST (issue 57): when the academy charges it, a business paying may give its GSTIN (a B2B invoice).
  const gst = useTaxSettings().data?.gst.registered === true;
  const initialValues: PaymentFormValues = { amount: suggested > 0 ? suggested : '', date: dates.latest, mode: 'cash', reference: '', note: '', dueId: '', payerGstin: '', payerName: '', payerAddress: '', studentAddress: '' };
  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues,
    schema: paymentInputSchema,
    toInput: toPaymentInput,
    save: (values) => record.mutateAsync({ input: toPaymentInput(values), key }),
    onSaved: ({ data, message }) => {
      // The receipt's number and a way to print it at once (the family often waits at the counter).
      notifications.show({
        title: message ?? t`Payment recorded`,
        message: (
          <Stack gap={2}>
            <Group gap="xs">
              <Text size="sm">
                <Trans>Receipt {data.number}</Trans>
              </Text>
              <Anchor href={receiptPdfUrl(data._id)} target="_blank" rel="noopener" size="sm">
                <Trans>Print</Trans>
              </Anchor>
            </Group>
            <Text size="sm" data-testid="receipt-sent-to">
              {data.sentTo.length > 0 ? t`Sent to ${sentToText(data.sentTo, i18n)}` : t`No one in the family can be reached: give them the printed receipt.`}
            </Text>
          </Stack>
        ),
        color: 'teal',
      });
      setKey(crypto.randomUUID());
      onDone(data);
    },
    // Mantine's Modal closes the dialog; nothing to ask before leaving it (it never asked).
    leaveGuard: false,
    // The reference's label follows the mode chosen.
    mode: 'controlled',
  });
  const mode = form.values.mode;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {form.values.dueId ? (
            <Trans>Balance: {formatRupees(balance)}. The payment pays the chosen due first, the rest the oldest dues.</Trans>
          ) : (
            <Trans>Balance: {formatRupees(balance)}. The payment pays the oldest dues first.</Trans>
          )}
        </Text>
        {dues.length > 1 ? (
          // Which due the family is paying (issue 54): the API pays the named one first.
          <Select
            label={t`For`}
            size="md"
            allowDeselect={false}
            data={[
              { value: '', label: t`Oldest dues first` },
              ...dues.map((due) => ({ value: due._id, label: t`${due.label} · due ${formatDate(due.dueDate)} · ${formatRupees(due.balance)} left` })),
            ]}
            value={form.values.dueId}
            onChange={(value) => {
              const due = dues.find((candidate) => candidate._id === value);
              form.setFieldValue('dueId', value ?? '');
              // The amount follows the chosen due's balance (what the family usually pays).
              form.setFieldValue('amount', due ? (due.gst?.total ?? due.balance) : suggested > 0 ? suggested : '');
            }}
            error={form.errors.dueId}
            data-testid="payment-due"
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <RupeesInput
          label={t`Amount (₹)`}
          required
          key={form.key('amount')}
          {...form.getInputProps('amount')}
          size="md"
          data-autofocus
        />
        <DateField
          label={t`Date`}
          required
          min={dates.earliest}
          max={dates.latest}
          key={form.key('date')}
          {...form.getInputProps('date')}
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
            onChange={(value) => form.setFieldValue('mode', value as PaymentMode)}
            styles={{ root: { flexWrap: 'wrap' } }}
          />
          {form.errors.mode ? (
            <Text size="xs" c="red.9">
              {form.errors.mode}
            </Text>
          ) : null}
        </Stack>
        <TextInput
          label={mode === 'upi' ? t`UPI transaction id` : mode === 'cheque' ? t`Cheque number` : t`Reference`}
          key={form.key('reference')}
          {...form.getInputProps('reference')}
          size="md"
        />
        {gst ? (
          <>
            <TextInput
              label={t`Payer's GSTIN`}
              description={t`Only when a registered business pays (a company sponsoring the student): the tax invoice then carries its GSTIN.`}
              key={form.key('payerGstin')}
              {...form.getInputProps('payerGstin')}
              maxLength={15}
              autoCapitalize="characters"
              size="md"
            />
            {form.values.payerGstin.trim() ? (
              <>
                <TextInput label={t`Payer's name`} key={form.key('payerName')} {...form.getInputProps('payerName')} maxLength={200} size="md" />
                <Textarea
                  label={t`Payer's address`}
                  description={t`The tax invoice is the payer's: its own name and address go on it.`}
                  key={form.key('payerAddress')}
                  {...form.getInputProps('payerAddress')}
                  maxLength={300}
                  autosize
                  minRows={2}
                />
              </>
            ) : form.errors.studentAddress || form.values.studentAddress ? (
              // Asked for only when the server says the invoice needs it (₹50,000 or more, no address on record); kept on the invoice.
              <Textarea
                label={t`Student's address`}
                key={form.key('studentAddress')}
                {...form.getInputProps('studentAddress')}
                maxLength={300}
                autosize
                minRows={2}
              />
            ) : null}
          </>
        ) : null}
        <Textarea label={t`Note`} key={form.key('note')} {...form.getInputProps('note')} autosize minRows={2} />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving} size="md" fullWidth>
            <Trans>Record payment</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
