import { Anchor, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_MODES, paymentInputSchema, type Due, type Ledger, type PaymentMode, type Receipt, type RecordedPayment } from '@academy/shared/schemas/fees';
import { LabelledSegmentedControl } from '../../../components/ui/labelled-segmented-control';
import { formatDate } from '../../../lib/format-date';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { formatRupees } from '../../../lib/format-number';
import { useEntityForm } from '../../../lib/use-entity-form';
import { receiptPdfUrl, useRecordPayment } from '../api';
import { MODE_LABELS } from './fee-labels';
import { DateFormField, FeeFormEnd, RupeesField, rupeesText } from './fee-form-parts';
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
    amount: rupeesText(values.amount),
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

type PaymentDue = Due & { gst?: { tax: number; total: number } | null };

/** The notice after a payment: the receipt's number and a way to print it at once (the family often waits at the counter), and where it was sent. */
function ReceiptRecorded({ data }: { data: RecordedPayment }) {
  const { t, i18n } = useLingui();
  return (
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
  );
}

/** The payment's form state and its save: one Idempotency-Key per form, a new one after each receipt. */
function useRecordPaymentForm({ studentId, suggested, dates, onDone }: { studentId: string; suggested: number; dates: { latest: string }; onDone: (receipt: Receipt) => void }) {
  const { t } = useLingui();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const record = useRecordPayment(studentId);
  const initialValues: PaymentFormValues = { amount: suggested > 0 ? suggested : '', date: dates.latest, mode: 'cash', reference: '', note: '', dueId: '', payerGstin: '', payerName: '', payerAddress: '', studentAddress: '' };
  return useEntityForm({
    initialValues,
    schema: paymentInputSchema,
    toInput: toPaymentInput,
    save: (values) => record.mutateAsync({ input: toPaymentInput(values), key }),
    onSaved: ({ data, message }) => {
      notifications.show({ title: message ?? t`Payment recorded`, message: <ReceiptRecorded data={data} />, color: 'teal' });
      setKey(crypto.randomUUID());
      onDone(data);
    },
    // Mantine's Modal closes the dialog; nothing to ask before leaving it (it never asked).
    leaveGuard: false,
    // The reference's label follows the mode chosen.
    mode: 'controlled',
  });
}

type PaymentForm = ReturnType<typeof useRecordPaymentForm>['form'];

/** Which due the family is paying (issue 54): the API pays the named one first; the amount follows the chosen due's balance. */
function PaymentDueSelect({ form, dues, suggested }: { form: PaymentForm; dues: PaymentDue[]; suggested: number }) {
  const { t } = useLingui();
  return (
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
  );
}

/** How it was paid: cash, UPI, cheque…, all in sight on a phone. */
function PaymentModeField({ form }: { form: PaymentForm }) {
  const { i18n } = useLingui();
  return (
    <LabelledSegmentedControl
      label={<Trans>Paid by</Trans>}
      labelId="payment-mode-label"
      fullWidth
      orientation="horizontal"
      data={PAYMENT_MODES.map((value) => ({ value, label: i18n._(MODE_LABELS[value]) }))}
      value={form.values.mode}
      onChange={(value) => form.setFieldValue('mode', value as PaymentMode)}
      styles={{ root: { flexWrap: 'wrap' } }}
    >
      {form.errors.mode ? (
        <Text size="xs" c="red.9">
          {form.errors.mode}
        </Text>
      ) : null}
    </LabelledSegmentedControl>
  );
}

/**
 * GST (issue 57), when the academy charges it: a business paying may give its GSTIN (a B2B invoice), then its
 * own name and address; else the student's address when the server says the invoice needs it.
 */
function PayerFields({ form }: { form: PaymentForm }) {
  const { t } = useLingui();
  return (
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
  );
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
  dues?: PaymentDue[];
  /** The amount filled in at first (the next due's balance, nextDueBalance). */
  suggested: number;
  dates: { earliest: string; latest: string };
  onDone: (receipt: Receipt) => void;
}) {
  const { t } = useLingui();
  const { form, onSubmit, saving, formError } = useRecordPaymentForm({ studentId, suggested, dates, onDone });
  // GST (issue 57): when the academy charges it, a business paying may give its GSTIN (a B2B invoice).
  const gst = useTaxSettings().data?.gst.registered === true;
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
        {dues.length > 1 ? <PaymentDueSelect form={form} dues={dues} suggested={suggested} /> : null}
        <RupeesField form={form} path="amount" label={t`Amount (₹)`} required size="md" data-autofocus />
        <DateFormField form={form} path="date" label={t`Date`} required min={dates.earliest} max={dates.latest} size="md" />
        <PaymentModeField form={form} />
        <TextInput
          label={mode === 'upi' ? t`UPI transaction id` : mode === 'cheque' ? t`Cheque number` : t`Reference`}
          key={form.key('reference')}
          {...form.getInputProps('reference')}
          size="md"
        />
        {gst ? <PayerFields form={form} /> : null}
        <Textarea label={t`Note`} key={form.key('note')} {...form.getInputProps('note')} autosize minRows={2} />
        <FeeFormEnd formError={formError} saving={saving} button={{ size: 'md', fullWidth: true }}>
          <Trans>Record payment</Trans>
        </FeeFormEnd>
      </Stack>
    </form>
  );
}
