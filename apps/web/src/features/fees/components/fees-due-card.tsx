import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ledger } from '@academy/shared/schemas/fees';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { useChildLedger, useOwnLedger } from '../api';
import { DueBadge, GstOnTop } from './due-badge';

/** What a ledger has left to pay: the overdue part (and since when), and the next due still to come. */
export function feesDue(ledger: Ledger) {
  const open = ledger.dues.filter((due) => due.balance > 0 && (due.status === 'due' || due.status === 'overdue'));
  const overdue = open.filter((due) => due.status === 'overdue');
  return {
    overdue: overdue.reduce((sum, due) => sum + due.balance, 0),
    overdueSince: overdue[0]?.dueDate ?? null,
    next: open.find((due) => due.status === 'due') ?? null,
  };
}

/**
 * The dashboards' "what is due, and when" (issue 42): the overdue amount in red, then the next due's
 * amount and date; nothing at all when nothing is left to pay.
 */
export function FeesDueCard({ ledger, title, to }: { ledger: Ledger; title: string; to: string }) {
  const { t } = useLingui();
  const { overdue, overdueSince, next } = feesDue(ledger);
  if (overdue === 0 && !next) return null;
  return (
    <Card
      component="section"
      withBorder
      radius="md"
      padding="md"
      aria-label={title}
      data-testid="fees-due"
      style={overdue > 0 ? { borderColor: 'var(--mantine-color-red-6)', borderLeftWidth: 4 } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Anchor component={Link} to={to} size="sm">
            <Trans>See fees</Trans>
          </Anchor>
        </Group>
        {overdue > 0 && overdueSince ? (
          <Group gap="xs" justify="space-between" wrap="nowrap" data-testid="fees-due-overdue">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} fz="lg" c="red.9">
                {formatRupees(overdue)}
              </Text>
              <Text size="sm" c="red.9">
                <Trans>was due on {formatDate(overdueSince)}</Trans>
              </Text>
            </Stack>
            <DueBadge status="overdue" />
          </Group>
        ) : null}
        {next ? (
          <Group gap="xs" justify="space-between" wrap="nowrap" data-testid="fees-due-next">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={overdue > 0 ? 600 : 700} fz={overdue > 0 ? 'md' : 'lg'}>
                {formatRupees(next.balance)}
              </Text>
              <GstOnTop gst={next.gst} />
              <Text size="sm" c="dimmed">
                {overdue > 0 ? t`next, due on ${formatDate(next.dueDate)}` : t`due on ${formatDate(next.dueDate)}`}
              </Text>
            </Stack>
            <DueBadge status="due" />
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The student's own "Fees due" on their dashboard (nothing while it loads, fails or nothing is due). */
export function OwnFeesDue() {
  const { t } = useLingui();
  const ledger = useOwnLedger();
  return ledger.data ? <FeesDueCard ledger={ledger.data} title={t`Fees due`} to="/app/student/fees" /> : null;
}

/** One child's "Fees due" on the parent's dashboard. */
export function ChildFeesDue({ child }: { child: { _id: string; name: string } }) {
  const { t } = useLingui();
  const ledger = useChildLedger(child._id);
  return ledger.data ? <FeesDueCard ledger={ledger.data} title={t`Fees due · ${child.name}`} to={`/app/parent/fees?child=${child._id}`} /> : null;
}
