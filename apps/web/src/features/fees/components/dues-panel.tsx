import { Anchor, Badge, Button, Card, Checkbox, Group, Pagination, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBell, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { modals } from '../../../lib/modals';
import { academicYearNameOf } from '@academy/shared/calendar';
import { AcademicYearSelect } from '../../../components/ui/academic-year-select';
import { useAcademyToday } from '../../../lib/use-academy-today';
import type { DuesList, ReminderRequest } from '@academy/shared/schemas/fees';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { usePaginationLabels } from '../../../components/ui/pagination-labels';
import { duesCsvUrl, previewReminders, useDues, useSendReminders, type DuesFilter } from '../api';
import { DUE_STATUS_COLORS, DUE_STATUS_LABELS } from './fee-labels';
import { DueInvoiceLine } from './ledger-dues';
import { GstOnTop } from './due-badge';
import tileClasses from './fee-summary-tiles.module.css';
import { translateServerText } from '../../../lib/server-text';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import type { BatchOption } from '../api';
import { TableHead } from '../../../components/ui/table-head';

type ListedDue = DuesList['dues'][number];
const LIMIT = 50;

/** The office's open dues: filters, paging, reminders and the CSV (the Fees screen's first tab). */
export function DuesPanel({ batchOptions }: { batchOptions: BatchOption[] }) {
  const { t, i18n } = useLingui();
  const pagination = usePaginationLabels();
  const [filter, setFilter] = useState<DuesFilter>({ overdue: 'true', page: 1, limit: LIMIT });
  const [selected, setSelected] = useState<string[]>([]);
  const dues = useDues(filter);
  const remind = useSendReminders();
  const update = (change: Partial<DuesFilter>) => {
    setSelected([]);
    setFilter((current) => ({ ...current, page: 1, ...change }));
  };
  const rows = dues.data?.dues ?? [];
  // A past academic year's dues (issue 39) are read, not reminded: the family owes them as this year's previous year balance.
  const currentYear = academicYearNameOf(useAcademyToday());
  const pastYear = Boolean(filter.year);
  const pages = Math.max(1, Math.ceil((dues.data?.pagination.total ?? 0) / LIMIT));
  // On a phone the dues are cards: a seven-column table left the balance and status off the screen.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const selectAll = (
    <Checkbox
      aria-label={t`Select all on this page`}
      label={phone ? t`Select all on this page` : undefined}
      checked={selected.length > 0 && selected.length === rows.length}
      indeterminate={selected.length > 0 && selected.length < rows.length}
      onChange={(event) => setSelected(event.currentTarget.checked ? rows.map((row) => row._id) : [])}
    />
  );
  const selectDue = (due: ListedDue) => (
    <Checkbox
      aria-label={t`Select ${due.student.name}, ${due.label}`}
      checked={selected.includes(due._id)}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setSelected((current) => (checked ? [...current, due._id] : current.filter((entry) => entry !== due._id)));
      }}
    />
  );
  const status = (due: ListedDue) => (
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
  const send = (input: ReminderRequest) =>
    remind.mutate(input, {
      onSuccess: ({ data }) => {
        setSelected([]);
        const names = data.unreachable.join(', ');
        // Honest counts (issues 54 and 73): what goes now, what waits for the quiet hours to end, what no
        // channel can carry (and why), and what was skipped (and why).
        const sent = data.queued - data.waiting;
        const until = data.waitingUntil ? formatTime(data.waitingUntil) : '';
        const failed = data.failed;
        const counts =
          failed > 0
            ? data.waiting > 0
              ? t`${sent} sent, ${data.waiting} waiting for quiet hours to end (until ${until}), ${failed} not sent, ${data.skipped} skipped (already reminded this week)`
              : t`${sent} sent, ${failed} not sent, ${data.skipped} skipped (already reminded this week)`
            : data.waiting > 0
              ? t`${sent} sent, ${data.waiting} waiting for quiet hours to end (until ${until}), ${data.skipped} skipped (already reminded this week)`
              : t`${sent} sent, ${data.skipped} skipped (already reminded this week)`;
        const notDueYet = data.notDueYet;
        const notSent = data.notSent.map((entry) => `${entry.name} (${translateServerText(entry.reason)})`).join(', ');
        const lines = [
          counts,
          notDueYet > 0 ? t`${notDueYet} skipped (not due yet)` : null,
          notSent ? t`Not sent: ${notSent}` : null,
          data.unreachable.length ? t`No way to reach (no parent linked, no email): ${names}` : null,
        ].filter(Boolean);
        const trouble = data.unreachable.length > 0 || data.notSent.length > 0;
        notifications.show({
          title: t`Reminders`,
          message: lines.join('. '),
          color: trouble || data.queued === 0 ? 'yellow' : 'teal',
          // Names to call (or to set up a channel for) are read at leisure.
          autoClose: trouble ? false : undefined,
        });
      },
      onError: (error) => notifications.show({ title: t`Reminders not sent`, message: normalizeError(error).message, color: 'red' }),
    });
  // "Remind all overdue" reminds what the list shows (its batch and search), after saying how many families.
  const [asking, setAsking] = useState(false);
  const remindAllOverdue = async () => {
    const shown = { allOverdue: true, batch: filter.batch || undefined, search: filter.search || undefined };
    setAsking(true);
    let preview;
    try {
      preview = await previewReminders(shown);
    } catch (error) {
      notifications.show({ title: t`Reminders not sent`, message: normalizeError(error).message, color: 'red' });
      return;
    } finally {
      setAsking(false);
    }
    if (preview.families === 0) {
      // Nothing overdue in the list at all, or all of it reminded already this week: two different answers.
      const message = preview.skipped === 0 ? t`Nothing to send: no due in this list is overdue.` : t`Nothing to send: every overdue due shown was reminded this week.`;
      notifications.show({ title: t`Reminders`, message, color: 'yellow' });
      return;
    }
    modals.openConfirmModal({
      title: t`Remind all overdue`,
      children: (
        <Text size="sm">
          {plural(preview.families, { one: 'Send a reminder to # family about their overdue fees?', other: 'Send reminders to # families about their overdue fees?' })}
        </Text>
      ),
      labels: { confirm: t`Send reminders`, cancel: t`Cancel` },
      onConfirm: () => send(shown),
    });
  };

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t`Which dues`}
          value={filter.overdue ?? 'all'}
          onChange={(value) => update({ overdue: value === 'all' ? undefined : (value as 'true' | 'false') })}
          data={[
            { value: 'true', label: t`Overdue` },
            { value: 'false', label: t`Upcoming` },
            { value: 'all', label: t`All unpaid` },
          ]}
        />
        <Select
          label={t`Batch`}
          placeholder={t`All batches`}
          clearable
          searchable
          data={batchOptions}
          value={filter.batch ?? null}
          onChange={(value) => update({ batch: value ?? undefined })}
          w={220}
        />
        <TextInput label={t`Student`} placeholder={t`Search by name`} value={filter.search ?? ''} onChange={(event) => update({ search: event.currentTarget.value })} w={200} />
        <AcademicYearSelect currentYear={currentYear} value={filter.year ?? ''} onChange={(year) => update({ year: year || undefined })} w={220} data-testid="dues-year" />
      </Group>
      {dues.data ? (
        // A phone: a row each, the label beside its figure (three lakh-sized amounts side by side overlap at 360 px).
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={6}>
          <Card withBorder padding="sm" radius="md">
            <div className={tileClasses.tile}>
              <Text size="xs" c="dimmed">
                <Trans>Dues listed</Trans>
              </Text>
              <Text fw={700}>{dues.data.totals.count}</Text>
            </div>
          </Card>
          <Card withBorder padding="sm" radius="md">
            <div className={tileClasses.tile}>
              <Text size="xs" c="dimmed">
                <Trans>Outstanding</Trans>
              </Text>
              <Text fw={700}>{formatRupees(dues.data.totals.outstanding)}</Text>
            </div>
          </Card>
          <Card withBorder padding="sm" radius="md">
            <div className={tileClasses.tile}>
              <Text size="xs" c="dimmed">
                <Trans>Of which overdue</Trans>
              </Text>
              <Text fw={700} c="red.9">
                {formatRupees(dues.data.totals.overdue)}
              </Text>
            </div>
          </Card>
        </SimpleGrid>
      ) : null}
      {pastYear ? (
        <Text size="sm" c="dimmed">
          <Trans>What was left unpaid in {filter.year}: still open, or carried into the next year as its previous year balance.</Trans>
        </Text>
      ) : null}
      <Group gap="xs" wrap="wrap">
        {pastYear ? null : (
          <>
            <Button leftSection={<IconBell size={16} aria-hidden="true" />} disabled={selected.length === 0} loading={remind.isPending} onClick={() => send({ dueIds: selected })}>
              <Trans>Remind selected ({selected.length})</Trans>
            </Button>
            <Button variant="light" leftSection={<IconBell size={16} aria-hidden="true" />} loading={remind.isPending || asking} onClick={() => void remindAllOverdue()}>
              <Trans>Remind all overdue</Trans>
            </Button>
          </>
        )}
        <Button component="a" href={duesCsvUrl(filter)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
          <Trans>CSV</Trans>
        </Button>
      </Group>
      <Text size="xs" c="dimmed" hidden={pastYear}>
        <Trans>Reminders go to the parents on the one channel that reaches each of them (the app, WhatsApp, SMS or email), with a link to pay, or to the student when no parent is linked; at most once a week for each due.</Trans>
      </Text>
      {dues.isPending ? (
        <Skeleton h={240} radius="md" aria-hidden="true" />
      ) : dues.isError ? (
        <LoadErrorAlert title={t`Dues could not be loaded`} error={dues.error} fallback={t`Failed to load the dues`} onRetry={() => void dues.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">
          <Trans>No unpaid dues here.</Trans>
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {selectAll}
          <Stack component="ul" gap="xs" m={0} p={0} aria-label={t`Dues`} style={{ listStyle: 'none' }}>
            {rows.map((due) => (
              <Card component="li" key={due._id} withBorder radius="md" padding="sm" data-testid={`due-card-${due._id}`}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                    {selectDue(due)}
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
                    {status(due)}
                  </Stack>
                </Group>
                {due.invoice ? <DueInvoiceLine label={due.label} invoice={due.invoice} /> : null}
              </Card>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t`Dues`}>
            <TableHead
              headings={[
                { label: selectAll, w: 40 },
                { label: <Trans>Student</Trans> },
                { label: <Trans>Due</Trans> },
                { label: <Trans>Due date</Trans> },
                { label: <Trans>Balance</Trans>, align: 'right' },
                { label: <Trans>Status</Trans> },
                { label: <Trans>Last reminder</Trans> },
              ]}
            />
            <Table.Tbody>
              {rows.map((due) => (
                <Table.Tr key={due._id} data-testid={`due-row-${due._id}`}>
                  <Table.Td>{selectDue(due)}</Table.Td>
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
                  <Table.Td>{status(due)}</Table.Td>
                  <Table.Td>{due.lastReminderAt ? formatDateTime(due.lastReminderAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(filter.page ?? 1, pages)}
          onChange={(page) => setFilter((current) => ({ ...current, page }))}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': pagination.control(control) })}
        />
      ) : null}
    </Stack>
  );
}
