import { Anchor, Badge, Card, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DuesList as Dues } from '@academy/shared/schemas/fees';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { TableHead } from '../../../components/ui/table-head';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { GstOnTop } from './due-badge';
import { DUE_STATUS_COLORS, DUE_STATUS_LABELS } from './fee-labels';
import { DueInvoiceLine } from './ledger-dues';
import type { DuesListState } from './use-dues-list';
import { TableScroll } from '../../../components/ui/table-scroll';

type ListedDue = Dues['dues'][number];

/** The dues listed, each with its tick box: cards on a phone (a seven-column table left the balance and status off the screen), else a table. */
export function DuesList({ list, phone }: { list: DuesListState; phone: boolean }) {
  const { t } = useLingui();
  const { dues, rows } = list;
  if (dues.isPending) return <Skeleton h={240} radius="md" aria-hidden="true" />;
  if (dues.isError) return <LoadErrorAlert title={t`Dues could not be loaded`} error={dues.error} fallback={t`Failed to load the dues`} onRetry={() => void dues.refetch()} />;
  if (rows.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No unpaid dues here.</Trans>
      </Text>
    );
  }
  return phone ? <DueCards list={list} /> : <DuesTable list={list} />;
}

function DueCards({ list }: { list: DuesListState }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <SelectAllDues list={list} phone />
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t`Dues`} style={{ listStyle: 'none' }}>
        {list.rows.map((due) => (
          <Card component="li" key={due._id} withBorder radius="md" padding="sm" data-testid={`due-card-${due._id}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                <SelectDue list={list} due={due} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/app/students/${due.student._id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {due.student.name}
                  </Anchor>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {due.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <Trans>Due {formatDate(due.dueDate)}</Trans>
                    {due.lastReminderAt ? <> · <Trans>Reminded {formatDateTime(due.lastReminderAt)}</Trans></> : null}
                  </Text>
                </Stack>
              </Group>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Text fw={700}>{formatRupees(due.balance)}</Text>
                <GstOnTop gst={due.gst} />
                <DueStatus due={due} />
              </Stack>
            </Group>
            {due.invoice ? <DueInvoiceLine label={due.label} invoice={due.invoice} /> : null}
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

function DuesTable({ list }: { list: DuesListState }) {
  const { t } = useLingui();
  return (
    <TableScroll minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t`Dues`}>
        <TableHead
          headings={[
            { label: <SelectAllDues list={list} />, w: 40 },
            { label: <Trans>Student</Trans> },
            { label: <Trans>Due</Trans> },
            { label: <Trans>Due date</Trans> },
            { label: <Trans>Balance</Trans>, align: 'right' },
            { label: <Trans>Status</Trans> },
            { label: <Trans>Last reminder</Trans> },
          ]}
        />
        <Table.Tbody>
          {list.rows.map((due) => (
            <Table.Tr key={due._id} data-testid={`due-row-${due._id}`}>
              <Table.Td>
                <SelectDue list={list} due={due} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/app/students/${due.student._id}`}>
                  {due.student.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {due.label}
                {due.invoice ? <DueInvoiceLine label={due.label} invoice={due.invoice} /> : null}
              </Table.Td>
              <Table.Td>{formatDate(due.dueDate)}</Table.Td>
              <Table.Td ta="right">
                {formatRupees(due.balance)}
                <GstOnTop gst={due.gst} />
              </Table.Td>
              <Table.Td>
                <DueStatus due={due} />
              </Table.Td>
              <Table.Td>{due.lastReminderAt ? formatDateTime(due.lastReminderAt) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** Ticks every due of the page (on a phone with its words beside it: there is no heading row). */
function SelectAllDues({ list, phone = false }: { list: DuesListState; phone?: boolean }) {
  const { t } = useLingui();
  const { selected, rows } = list;
  return (
    <Checkbox
      aria-label={t`Select all on this page`}
      label={phone ? t`Select all on this page` : undefined}
      checked={selected.length > 0 && selected.length === rows.length}
      indeterminate={selected.length > 0 && selected.length < rows.length}
      onChange={(event) => list.selectAll(event.currentTarget.checked)}
    />
  );
}

function SelectDue({ list, due }: { list: DuesListState; due: ListedDue }) {
  const { t } = useLingui();
  return <Checkbox aria-label={t`Select ${due.student.name}, ${due.label}`} checked={list.selected.includes(due._id)} onChange={(event) => list.selectDue(due._id, event.currentTarget.checked)} />;
}

/** A due's status, and how many days it is overdue. */
function DueStatus({ due }: { due: ListedDue }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <Badge color={DUE_STATUS_COLORS[due.status]} variant="light">
        {i18n._(DUE_STATUS_LABELS[due.status])}
      </Badge>
      {due.overdueDays > 0 ? (
        <Text size="xs" c="dimmed">
          {t`${due.overdueDays} d`}
        </Text>
      ) : null}
    </>
  );
}
