import { Anchor, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useServerView } from '../../../lib/use-server-view';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { stateName } from '../../../lib/state-names';
import type { Due, DueInvoice, Ledger, Receipt } from '@academy/shared/schemas/fees';
import type { ReceiptTax } from '@academy/shared/schemas/gst';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { creditNotePdfUrl, dueInvoicePdfUrl, dueSlipPdfUrl, receiptPdfUrl } from '../api';
import { MODE_LABELS } from './fee-labels';
import { DueBadge, GstOnTop } from './due-badge';
import { TableHead } from '../../../components/ui/table-head';

function Total({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color} data-testid={testId}>
        {formatRupees(value)}
      </Text>
    </Card>
  );
}

function Amount({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {formatRupees(value)}
      </Text>
    </Stack>
  );
}

/** A due's live tax invoice issued on its due date (decision 070): its number and date, its PDF, and for the office "Cancel invoice". */
export function DueInvoiceLine({ label, invoice, onCancel }: { label: string; invoice: NonNullable<DueInvoice>; onCancel?: (invoice: NonNullable<DueInvoice>) => void }) {
  const { t } = useLingui();
  const date = formatDate(invoice.date);
  return (
    <Group gap="xs" wrap="wrap" mt={4} data-testid={`due-invoice-${invoice.number}`}>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <Trans>
          Tax invoice {invoice.number} · {date}
        </Trans>
      </Text>
      <Anchor href={dueInvoicePdfUrl(invoice._id)} target="_blank" rel="noopener" size="xs" aria-label={t`Invoice ${invoice.number} for ${label} (PDF)`}>
        <Group gap={4} wrap="nowrap">
          <IconFileTypePdf size={14} aria-hidden="true" />
          <Trans>Invoice PDF</Trans>
        </Group>
      </Anchor>
      {onCancel ? (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => onCancel(invoice)} aria-label={t`Cancel invoice ${invoice.number}`}>
          <Trans>Cancel invoice</Trans>
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * A student's fees as the admin's student page and the student's own Fees screen show them: totals,
 * dues (paid and balance each, an open one's printable fee slip and its tax invoice if one was issued on
 * its due date), concessions (what each took off, and why) and payments with their receipts. `onCancel`
 * (the admin's) adds a "Cancel" button to each valid receipt, `onCancelInvoice` "Cancel invoice" to each due's invoice.
 */
export function LedgerView({ ledger, onCancel, onCancelInvoice }: { ledger: Ledger; onCancel?: (receipt: Receipt) => void; onCancelInvoice?: (invoice: NonNullable<DueInvoice>) => void }) {
  const { t, i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // The server's view has both, the cards on a phone and the table elsewhere, by the stylesheet: it
  // cannot know the screen, and the app's first view must be the same as the server's (issue 73 point 4).
  const serverView = useServerView();
  // The printed slip of an open due: the amount left, the reference and the UPI QR code.
  const slipLink = (due: Due) =>
    due.balance > 0 && (due.status === 'due' || due.status === 'overdue') ? (
      <Anchor href={dueSlipPdfUrl(due._id)} target="_blank" rel="noopener" size="xs" display="block" aria-label={t`Fee slip for ${due.label} (PDF)`}>
        <Trans>Fee slip</Trans>
      </Anchor>
    ) : null;
  const dueCards = (
        // On a phone the dues are cards: the six-column table left the balance and status off a 360 px screen.
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Dues`}>
          {ledger.dues.map((due) => {
            const closed = due.status === 'cancelled' || due.status === 'carried_over';
            return (
              <Card key={due._id} component="li" withBorder radius="md" padding="sm" c={closed ? 'dimmed' : undefined} data-testid={`due-${due._id}`}>
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {due.label}
                    </Text>
                    <Text size="sm" c={due.status === 'overdue' ? 'red.9' : 'dimmed'}>
                      <Trans>Due on {formatDate(due.dueDate)}</Trans>
                    </Text>
                  </Stack>
                  <DueBadge status={due.status} />
                </Group>
                <SimpleGrid cols={3} spacing={4} mt="xs">
                  <Amount label={t`Amount`} value={due.amount - due.concession} />
                  <Amount label={t`Paid`} value={due.paid} />
                  <Amount label={t`Balance`} value={due.balance} strong={!closed && due.balance > 0} />
                </SimpleGrid>
                {/* Below the three columns: "+ GST ₹1,800 = ₹11,800" is wider than a third of a 360 px card. */}
                {due.gst ? (
                  <Group justify="flex-end">
                    <GstOnTop gst={due.gst} />
                  </Group>
                ) : null}
                {slipLink(due)}
                {due.invoice ? <DueInvoiceLine label={due.label} invoice={due.invoice} onCancel={onCancelInvoice} /> : null}
              </Card>
            );
          })}
        </Stack>
  );
  const dueTable = (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label={t`Dues`}>
            <TableHead
              headings={[
                { label: <Trans>Due</Trans> },
                { label: <Trans>Due date</Trans> },
                { label: <Trans>Amount</Trans>, align: 'right' },
                { label: <Trans>Paid</Trans>, align: 'right' },
                { label: <Trans>Balance</Trans>, align: 'right' },
                { label: <Trans>Status</Trans> },
              ]}
            />
            <Table.Tbody>
              {ledger.dues.map((due) => (
                <Table.Tr key={due._id} c={due.status === 'cancelled' || due.status === 'carried_over' ? 'dimmed' : undefined}>
                  <Table.Td>
                    {due.label}
                    {slipLink(due)}
                    {due.invoice ? <DueInvoiceLine label={due.label} invoice={due.invoice} onCancel={onCancelInvoice} /> : null}
                  </Table.Td>
                  <Table.Td>{formatDate(due.dueDate)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(due.amount - due.concession)}</Table.Td>
                  <Table.Td ta="right">{formatRupees(due.paid)}</Table.Td>
                  <Table.Td ta="right">
                    {formatRupees(due.balance)}
                    <GstOnTop gst={due.gst} />
                  </Table.Td>
                  <Table.Td>
                    <DueBadge status={due.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
  );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Total label={t`Total fees`} value={ledger.totals.due} testId="ledger-total" />
        <Total label={t`Paid`} value={ledger.totals.paid} color="teal.9" testId="ledger-paid" />
        <Total label={t`Balance`} value={ledger.totals.balance} color={ledger.totals.balance > 0 ? 'blue.8' : undefined} testId="ledger-balance" />
        {/* One total of what is owed now (issue 73): overdue and due today, as the reminder and the pay page count it. */}
        <Total label={t`Due now`} value={ledger.totals.dueNow} color={ledger.totals.dueNow > 0 ? 'red.9' : undefined} testId="ledger-due-now" />
      </SimpleGrid>
      {ledger.gst ? (
        <Text size="sm" data-testid="ledger-gst">
          <Trans>
            Fees are quoted excluding GST: balance {formatRupees(ledger.totals.balance)} + GST {ledger.gst.rate}% {formatRupees(ledger.gst.tax)} = {formatRupees(ledger.gst.total)} to pay.
          </Trans>
        </Text>
      ) : null}

      <Title order={3} size="h5">
        <Trans>Dues</Trans>
      </Title>
      {ledger.dues.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No fees yet.</Trans>
        </Text>
      ) : serverView ? (
        <>
          <Box hiddenFrom="sm">{dueCards}</Box>
          <Box visibleFrom="sm">{dueTable}</Box>
        </>
      ) : phone ? (
        dueCards
      ) : (
        dueTable
      )}

      {ledger.concessions.length > 0 ? (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={3} size="h5">
              <Trans>Concessions</Trans>
            </Title>
            <Text size="sm" c="teal.9" fw={600} data-testid="ledger-concession">
              <Trans>{formatRupees(ledger.totals.concession)} in all</Trans>
            </Text>
          </Group>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Concessions`}>
            {ledger.concessions.map((concession) => (
              <Card key={concession._id} component="li" withBorder radius="md" padding="sm" data-testid="concession">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>
                      <Trans>{formatRupees(concession.amount)} off</Trans>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {concession.kind === 'percent' ? t`${concession.value}% of what was due` : t`A fixed amount`} · {formatDate(concession.createdAt)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <Trans>Reason: {concession.reason}</Trans>
                  </Text>
                </Stack>
              </Card>
            ))}
          </Stack>
        </Stack>
      ) : null}

      <Title order={3} size="h5">
        <Trans>Payments</Trans>
      </Title>
      {ledger.payments.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No payments yet.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Payments`}>
          {ledger.payments.map((receipt) => (
            <Card key={receipt._id} component="li" withBorder radius="md" padding="sm" data-testid={`receipt-${receipt.number}`}>
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
          ))}
        </Stack>
      )}
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
