import { Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { academicYearNameOf } from '@academy/shared/calendar';
import type { FeeReport } from '@academy/shared/schemas/fees';
import { AcademicYearSelect } from '../../../components/ui/academic-year-select';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useFeeReport } from '../api';
import { MODE_LABELS } from './fee-labels';
import { formatDate, formatMonthName } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { TableHead } from '../../../components/ui/table-head';
import { TableScroll } from '../../../components/ui/table-scroll';

/** "2026-07" → "July 2026" in the language shown. */
function monthLabel(month: string): string {
  return `${formatMonthName(Number(month.slice(5, 7)))} ${month.slice(0, 4)}`;
}

/**
 * The money of one academic year (the Fees screen's report tab; issue 39): the current year by default,
 * a past one from the switcher. Collected by mode, month and (this year) day; each of the year's batches
 * with what was billed, paid, is still owed and was carried into the next year.
 */
export function ReportPanel() {
  const { t, i18n } = useLingui();
  const [year, setYear] = useState('');
  const report = useFeeReport(year);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // The server's current year once it answers (a rollover may have begun the new year before 1 June).
  const calendarYear = academicYearNameOf(useAcademyToday());
  const currentYear = year === '' && report.data ? report.data.year : calendarYear;
  const switcher = <AcademicYearSelect currentYear={currentYear} value={year} onChange={setYear} w={{ base: '100%', xs: 240 }} data-testid="fee-report-year" />;
  if (report.isPending) return <Skeleton h={200} radius="md" aria-hidden="true" />;
  if (report.isError) return <LoadErrorAlert title={t`The report could not be loaded`} error={report.error} fallback={t`Failed to load the report`} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const list = (title: string, rows: { key: string; label: string; amount: number }[]) => (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing yet.</Trans>
        </Text>
      ) : (
        <Stack gap={4}>
          {rows.map((row) => (
            <Group key={row.key} justify="space-between" wrap="nowrap">
              <Text size="sm">{row.label}</Text>
              <Text size="sm" fw={600}>
                {formatRupees(row.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
  const totals = data.byBatch.reduce((sum, row) => ({ outstanding: sum.outstanding + row.outstanding, carriedOver: sum.carriedOver + row.carriedOver }), { outstanding: 0, carriedOver: 0 });
  const tile = (label: string, amount: number, testId: string) => (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {formatRupees(amount)}
      </Text>
    </Card>
  );
  return (
    <Stack gap="md" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
      {switcher}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        {tile(t`Collected in ${data.year}`, data.collected, 'report-collected')}
        {tile(t`Still owed`, totals.outstanding, 'report-outstanding')}
        {tile(t`Carried into the next year`, totals.carriedOver, 'report-carried')}
      </SimpleGrid>
      <BatchTable rows={data.byBatch} phone={phone} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {list(
          t`Collected by mode`,
          data.byMode.map((row) => ({ key: row.mode, label: i18n._(MODE_LABELS[row.mode]), amount: row.amount })),
        )}
        {list(
          t`Collected per month`,
          data.byMonth.map((row) => ({ key: row.month, label: monthLabel(row.month), amount: row.amount })),
        )}
        {data.byDay.length > 0
          ? list(
              t`Collected per day (last 30 days)`,
              data.byDay.map((row) => ({ key: row.date, label: formatDate(row.date), amount: row.amount })),
            )
          : null}
      </SimpleGrid>
    </Stack>
  );
}

/** Each of the year's batches: a table on a wide screen, cards on a phone (six columns do not fit 360 px). */
function BatchTable({ rows, phone }: { rows: FeeReport['byBatch']; phone: boolean }) {
  const { t } = useLingui();
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No batch of this year has fees.</Trans>
      </Text>
    );
  if (phone)
    return (
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={t`Fees per batch`} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Card component="li" key={row.batch._id} withBorder radius="md" padding="sm">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.batch.name}
            </Text>
            <SimpleGrid cols={2} spacing={4} mt={4}>
              <Text size="sm" c="dimmed">
                <Trans>Billed</Trans>
              </Text>
              <Text size="sm" ta="right">
                {formatRupees(row.billed - row.concession)}
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>Paid</Trans>
              </Text>
              <Text size="sm" ta="right">
                {formatRupees(row.paid)}
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>Still owed</Trans>
              </Text>
              <Text size="sm" ta="right" fw={600}>
                {formatRupees(row.outstanding)}
              </Text>
              {row.carriedOver > 0 ? (
                <>
                  <Text size="sm" c="dimmed">
                    <Trans>Carried over</Trans>
                  </Text>
                  <Text size="sm" ta="right">
                    {formatRupees(row.carriedOver)}
                  </Text>
                </>
              ) : null}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    );
  return (
    <TableScroll minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={t`Fees per batch`}>
        <TableHead
          headings={[
            { label: <Trans>Batch</Trans> },
            { label: <Trans>Billed</Trans>, align: 'right' },
            { label: <Trans>Paid</Trans>, align: 'right' },
            { label: <Trans>Still owed</Trans>, align: 'right' },
            { label: <Trans>Carried over</Trans>, align: 'right' },
          ]}
        />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.batch._id}>
              <Table.Td>{row.batch.name}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.billed - row.concession)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.paid)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatRupees(row.outstanding)}
              </Table.Td>
              <Table.Td ta="right">{formatRupees(row.carriedOver)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
