import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { stateName } from '../../../lib/state-names';
import type { Receipt } from '@academy/shared/schemas/fees';
import type { ReceiptTax } from '@academy/shared/schemas/gst';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { creditNotePdfUrl, receiptPdfUrl } from '../api';
import { MODE_LABELS } from './fee-labels';

/** A payment as the ledger lists it: amount, mode and reference, its receipt (and its tax, a cancellation, a credit note), the PDFs and for the office "Cancel receipt". */
function ReceiptCard({ receipt, onCancel }: { receipt: Receipt; onCancel?: (receipt: Receipt) => void }) {
  const { i18n } = useLingui();
  return (
    <Card component="li" withBorder radius="md" padding="sm" data-testid={`receipt-${receipt.number}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{formatRupees(receipt.amount)}</Text>
            <Text size="sm" c="dimmed">
              {i18n._(MODE_LABELS[receipt.mode])}
              {receipt.reference ? ` · ${receipt.reference}` : ''}
            </Text>
            {receipt.cancelled ? (
              <Badge color="gray" variant="filled">
                <Trans>Cancelled</Trans>
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            <Trans>
              Receipt {receipt.number} · {formatDate(receipt.date)}
            </Trans>
          </Text>
          {receipt.tax ? <TaxLines tax={receipt.tax} /> : null}
          {receipt.cancelled ? (
            <Text size="xs" c="red.9">
              <Trans>Reason: {receipt.cancelled.reason}</Trans>
            </Text>
          ) : null}
          {receipt.creditNote ? <CreditNoteLine number={receipt.creditNote.number} date={formatDate(receipt.creditNote.date)} /> : null}
        </Stack>
        <Group gap="xs">
          <Anchor href={receiptPdfUrl(receipt._id)} target="_blank" rel="noopener" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconFileTypePdf size={16} aria-hidden="true" />
              <Trans>Receipt PDF</Trans>
            </Group>
          </Anchor>
          {receipt.creditNote ? (
            <Anchor href={creditNotePdfUrl(receipt.creditNote.number)} target="_blank" rel="noopener" size="sm">
              <Group gap={4} wrap="nowrap">
                <IconFileTypePdf size={16} aria-hidden="true" />
                <Trans>Credit note PDF</Trans>
              </Group>
            </Anchor>
          ) : null}
          {onCancel && !receipt.cancelled ? (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => onCancel(receipt)}>
              <Trans>Cancel receipt</Trans>
            </Button>
          ) : null}
        </Group>
      </Group>
    </Card>
  );
}

/** A ledger's payments with their receipts, newest as the server orders them; `onCancel` (the admin's) adds "Cancel receipt" to each valid one. */
export function LedgerPayments({ payments, onCancel }: { payments: Receipt[]; onCancel?: (receipt: Receipt) => void }) {
  const { t } = useLingui();
  if (payments.length === 0)
    return (
      <Text c="dimmed" size="sm">
        <Trans>No payments yet.</Trans>
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Payments`}>
      {payments.map((receipt) => (
        <ReceiptCard key={receipt._id} receipt={receipt} onCancel={onCancel} />
      ))}
    </Stack>
  );
}

/** A tax invoice's GST on a payment (issue 57): taxable value, then CGST + SGST or IGST, and the place of supply. */
function TaxLines({ tax }: { tax: ReceiptTax }) {
  const rate = tax.rate;
  const half = tax.rate / 2;
  const taxable = formatRupees(tax.taxable);
  const igst = formatRupees(tax.igst);
  const cgst = formatRupees(tax.cgst);
  const sgst = formatRupees(tax.sgst);
  const { i18n } = useLingui();
  const place = stateName(tax.placeOfSupply, i18n);
  const exempt = formatRupees(tax.exempt);
  const deposit = formatRupees(tax.deposit);
  const roundOff = `${tax.roundOff < 0 ? '−' : '+'}${formatRupees(Math.abs(tax.roundOff))}`;
  // What else the document carries (decision 062): exempt money (a bill of supply, or an invoice-cum-bill of supply), a refundable deposit (no supply), a paisa of round-off.
  const extras = (
    <>
      {tax.exempt > 0 ? (
        <Text size="xs" c="dimmed">
          <Trans>Exempt (no GST) {exempt}</Trans>
        </Text>
      ) : null}
      {tax.deposit > 0 ? (
        <Text size="xs" c="dimmed">
          <Trans>Refundable deposit (not a supply) {deposit}</Trans>
        </Text>
      ) : null}
      {tax.roundOff !== 0 ? (
        <Text size="xs" c="dimmed">
          <Trans>Round off {roundOff}</Trans>
        </Text>
      ) : null}
    </>
  );
  if (tax.kind === 'bill-of-supply') {
    return (
      <Stack gap={0}>
        <Text size="xs" c="dimmed" data-testid="tax-lines">
          <Trans>Bill of supply · nothing taxable · place of supply {place}</Trans>
        </Text>
        {extras}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" data-testid="tax-lines">
        {tax.placeOfSupply !== tax.gstin.slice(0, 2) ? (
          <Trans>
            Tax invoice · taxable {taxable} · IGST {rate}% {igst} · place of supply {place}
          </Trans>
        ) : (
          <Trans>
            Tax invoice · taxable {taxable} · CGST {half}% {cgst} · SGST {half}% {sgst} · place of supply {place}
          </Trans>
        )}
      </Text>
      {extras}
    </Stack>
  );
}

/** The credit note a cancelled tax invoice's cancellation made (issue 57). */
function CreditNoteLine({ number, date }: { number: string; date: string }) {
  return (
    <Text size="xs" c="red.9">
      <Trans>
        Credit note {number} · {date}
      </Trans>
    </Text>
  );
}
