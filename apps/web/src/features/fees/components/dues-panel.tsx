import { Button, Card, Group, Pagination, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBell, IconDownload } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DuesList as Dues } from '@academy/shared/schemas/fees';
import { AcademicYearSelect } from '../../../components/ui/academic-year-select';
import { usePaginationLabels } from '../../../components/ui/pagination-labels';
import { formatRupees } from '../../../lib/format-number';
import { duesCsvUrl, type BatchOption } from '../api';
import { DuesList } from './dues-list';
import tileClasses from './fee-summary-tiles.module.css';
import { useDueReminders } from './use-due-reminders';
import { useDuesList, type DuesListState } from './use-dues-list';

/** The office's open dues: filters, paging, reminders and the CSV (the Fees screen's first tab). */
export function DuesPanel({ batchOptions }: { batchOptions: BatchOption[] }) {
  const pagination = usePaginationLabels();
  const list = useDuesList();
  const { filter, dues, pages, pastYear } = list;
  // On a phone the dues are cards: a seven-column table left the balance and status off the screen.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap="md">
      <DuesFilters list={list} batchOptions={batchOptions} />
      {dues.data ? <DuesTotals totals={dues.data.totals} /> : null}
      {pastYear ? (
        <Text size="sm" c="dimmed">
          <Trans>What was left unpaid in {filter.year}: still open, or carried into the next year as its previous year balance.</Trans>
        </Text>
      ) : null}
      <DuesActions list={list} />
      <Text size="xs" c="dimmed" hidden={pastYear}>
        <Trans>Reminders go to the parents on the one channel that reaches each of them (the app, WhatsApp, SMS or email), with a link to pay, or to the student when no parent is linked; at most once a week for each due.</Trans>
      </Text>
      <DuesList list={list} phone={phone} />
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(filter.page ?? 1, pages)}
          onChange={list.setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': pagination.control(control) })}
        />
      ) : null}
    </Stack>
  );
}

/** Which dues: overdue, upcoming or all unpaid; a batch, a student's name, a past academic year. */
function DuesFilters({ list, batchOptions }: { list: DuesListState; batchOptions: BatchOption[] }) {
  const { t } = useLingui();
  const { filter, update } = list;
  return (
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
      <AcademicYearSelect currentYear={list.currentYear} value={filter.year ?? ''} onChange={(year) => update({ year: year || undefined })} w={220} data-testid="dues-year" />
    </Group>
  );
}

/** The dues listed, what they come to, and how much of it is overdue. A phone: a row each, the label beside its figure (three lakh-sized amounts side by side overlap at 360 px). */
function DuesTotals({ totals }: { totals: Dues['totals'] }) {
  const tiles = [
    { key: 'count', label: <Trans>Dues listed</Trans>, value: totals.count },
    { key: 'outstanding', label: <Trans>Outstanding</Trans>, value: formatRupees(totals.outstanding) },
    { key: 'overdue', label: <Trans>Of which overdue</Trans>, value: formatRupees(totals.overdue), color: 'red.9' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={6}>
      {tiles.map((tile) => (
        <Card key={tile.key} withBorder padding="sm" radius="md">
          <div className={tileClasses.tile}>
            <Text size="xs" c="dimmed">
              {tile.label}
            </Text>
            <Text fw={700} c={tile.color}>
              {tile.value}
            </Text>
          </div>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Reminders for the dues ticked or for all overdue ones (not for a past year's), and the list as a CSV. */
function DuesActions({ list }: { list: DuesListState }) {
  const { filter, selected } = list;
  const reminders = useDueReminders(filter, list.clearSelection);
  return (
    <Group gap="xs" wrap="wrap">
      {list.pastYear ? null : (
        <>
          <Button leftSection={<IconBell size={16} aria-hidden="true" />} disabled={selected.length === 0} loading={reminders.sending} onClick={() => reminders.send({ dueIds: selected })}>
            <Trans>Remind selected ({selected.length})</Trans>
          </Button>
          <Button variant="light" leftSection={<IconBell size={16} aria-hidden="true" />} loading={reminders.sending || reminders.asking} onClick={() => void reminders.remindAllOverdue()}>
            <Trans>Remind all overdue</Trans>
          </Button>
        </>
      )}
      <Button component="a" href={duesCsvUrl(filter)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />}>
        <Trans>CSV</Trans>
      </Button>
    </Group>
  );
}
