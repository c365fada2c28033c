import { Anchor, Box, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useServerView } from '../../../lib/use-server-view';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Due, DueInvoice, Ledger } from '@academy/shared/schemas/fees';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { dueInvoicePdfUrl, dueSlipPdfUrl } from '../api';
import { DueBadge, GstOnTop } from './due-badge';
import { TableHead } from '../../../components/ui/table-head';
import { TableScroll } from '../../../components/ui/table-scroll';

type LedgerDue = Ledger['dues'][number];
type OnCancelInvoice = (invoice: NonNullable<DueInvoice>) => void;

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

/** The printed slip of an open due: the amount left, the reference and the UPI QR code. */
function SlipLink({ due }: { due: Due }) {
  const { t } = useLingui();
  return due.balance > 0 && (due.status === 'due' || due.status === 'overdue') ? (
    <Anchor href={dueSlipPdfUrl(due._id)} target="_blank" rel="noopener" size="xs" display="block" aria-label={t`Fee slip for ${due.label} (PDF)`}>
      <Trans>Fee slip</Trans>
    </Anchor>
  ) : null;
}

/** On a phone the dues are cards: the six-column table left the balance and status off a 360 px screen. */
function DueCards({ dues, onCancelInvoice }: { dues: LedgerDue[]; onCancelInvoice?: OnCancelInvoice }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Dues`}>
      {dues.map((due) => {
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
            <SlipLink due={due} />
            {due.invoice ? <DueInvoiceLine label={due.label} invoice={due.invoice} onCancel={onCancelInvoice} /> : null}
          </Card>
        );
      })}
    </Stack>
  );
}

/** Elsewhere the dues are a table: due, date, amount, paid, balance and status. */
function DueTable({ dues, onCancelInvoice }: { dues: LedgerDue[]; onCancelInvoice?: OnCancelInvoice }) {
  const { t } = useLingui();
  return (
    <TableScroll minWidth={520}>
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
          {dues.map((due) => (
            <Table.Tr key={due._id} c={due.status === 'cancelled' || due.status === 'carried_over' ? 'dimmed' : undefined}>
              <Table.Td>
                {due.label}
                <SlipLink due={due} />
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
    </TableScroll>
  );
}

/**
 * A ledger's dues (paid and balance each, an open one's printable fee slip and its tax invoice if one was
 * issued on its due date): cards on a phone, a table elsewhere.
 */
export function LedgerDues({ dues, onCancelInvoice }: { dues: LedgerDue[]; onCancelInvoice?: OnCancelInvoice }) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // The server's view has both, the cards on a phone and the table elsewhere, by the stylesheet: it
  // cannot know the screen, and the app's first view must be the same as the server's (issue 73 point 4).
  const serverView = useServerView();
  if (dues.length === 0)
    return (
      <Text c="dimmed" size="sm">
        <Trans>No fees yet.</Trans>
      </Text>
    );
  if (!serverView) return phone ? <DueCards dues={dues} onCancelInvoice={onCancelInvoice} /> : <DueTable dues={dues} onCancelInvoice={onCancelInvoice} />;
  return (
    <>
      <Box hiddenFrom="sm">
        <DueCards dues={dues} onCancelInvoice={onCancelInvoice} />
      </Box>
      <Box visibleFrom="sm">
        <DueTable dues={dues} onCancelInvoice={onCancelInvoice} />
      </Box>
    </>
  );
}
