import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DueInvoice, Ledger, Receipt } from '@academy/shared/schemas/fees';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { LedgerDues } from './ledger-dues';
import { LedgerPayments } from './ledger-payments';

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

/** The four totals, and the GST on top when fees are quoted excluding it. */
function LedgerTotals({ ledger }: { ledger: Ledger }) {
  const { t } = useLingui();
  return (
    <>
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
    </>
  );
}

/** The concessions given (what each took off, and why), with their total; nothing when there are none. */
function LedgerConcessions({ ledger }: { ledger: Ledger }) {
  const { t } = useLingui();
  if (ledger.concessions.length === 0) return null;
  return (
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
  );
}

/**
 * A student's fees as the admin's student page and the student's own Fees screen show them: totals,
 * dues (paid and balance each, an open one's printable fee slip and its tax invoice if one was issued on
 * its due date), concessions (what each took off, and why) and payments with their receipts. `onCancel`
 * (the admin's) adds a "Cancel" button to each valid receipt, `onCancelInvoice` "Cancel invoice" to each due's invoice.
 */
export function LedgerView({ ledger, onCancel, onCancelInvoice }: { ledger: Ledger; onCancel?: (receipt: Receipt) => void; onCancelInvoice?: (invoice: NonNullable<DueInvoice>) => void }) {
  return (
    <Stack gap="md">
      <LedgerTotals ledger={ledger} />

      <Title order={3} size="h5">
        <Trans>Dues</Trans>
      </Title>
      <LedgerDues dues={ledger.dues} onCancelInvoice={onCancelInvoice} />

      <LedgerConcessions ledger={ledger} />

      <Title order={3} size="h5">
        <Trans>Payments</Trans>
      </Title>
      <LedgerPayments payments={ledger.payments} onCancel={onCancel} />
    </Stack>
  );
}
