import { Anchor, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { IconCash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatRupees } from '../../../lib/format-number';
import { useFeeSummary } from '../api';
import classes from './fee-summary-tiles.module.css';

/** "Collected this month / due now / unpaid in all": the dashboard card and the top of the Fees screen. */
export function FeeSummaryTiles({ linkToFees = false }: { linkToFees?: boolean }) {
  const { t } = useLingui();
  const summary = useFeeSummary();
  if (summary.isError) return null;
  if (!summary.data) return <Skeleton h={84} radius="md" aria-hidden="true" />;
  const tiles = [
    { label: t`Collected this month`, value: summary.data.collectedThisMonth, color: 'teal.9', testId: 'fees-collected-month' },
    // Issue 73: what families owe now by the one definition (overdue and due today), as their reminders and pay
    // pages ask for it; then every unpaid balance, later instalments included, named for what it counts.
    { label: t`Due now`, value: summary.data.dueNow, color: 'red.9', testId: 'fees-due-now' },
    { label: t`Unpaid in all`, value: summary.data.outstanding, color: 'blue.8', testId: 'fees-outstanding' },
  ];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t`Fees`}>
      <Group justify="space-between" mb="xs">
        <Group gap={6}>
          <IconCash size={18} aria-hidden="true" />
          <Text fw={600}>
            <Trans>Fees</Trans>
          </Text>
        </Group>
        {linkToFees ? (
          <Anchor component={Link} to="/app/fees" size="sm">
            <Trans>Open Fees</Trans>
          </Anchor>
        ) : null}
      </Group>
      {/* A phone has no room for three lakh-sized amounts side by side: a row each, the label beside its amount. */}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={4}>
        {tiles.map((tile) => (
          <div key={tile.testId} className={classes.tile}>
            <Text size="xs" c="dimmed">
              {tile.label}
            </Text>
            <Text fw={700} fz="md" c={tile.color} data-testid={tile.testId} style={{ whiteSpace: 'nowrap' }}>
              {formatRupees(tile.value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {summary.data.pendingClaims > 0 || summary.data.unreconciledCredits > 0 ? (
        // What waits for the office (issue 38): families' UPI reports, and statement credits not yet receipts.
        <Group gap="md" mt="xs" wrap="wrap">
          {summary.data.pendingClaims > 0 ? (
            <Anchor component={Link} to="/app/fees?tab=upi" size="sm" fw={600} data-testid="fees-pending-claims">
              {plural(summary.data.pendingClaims, { one: '# UPI payment to confirm', other: '# UPI payments to confirm' })}
            </Anchor>
          ) : null}
          {summary.data.unreconciledCredits > 0 ? (
            <Anchor component={Link} to={summary.data.unreconciledStatementId ? `/app/fees?tab=statement&statement=${summary.data.unreconciledStatementId}` : '/app/fees?tab=statement'} size="sm" data-testid="fees-unreconciled-credits">
              {plural(summary.data.unreconciledCredits, { one: '# bank credit without a receipt', other: '# bank credits without a receipt' })}
            </Anchor>
          ) : null}
        </Group>
      ) : null}
    </Card>
  );
}
