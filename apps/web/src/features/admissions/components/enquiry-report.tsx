import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdmissionsReport, FunnelRow } from '@academy/shared/schemas/admissions';
import { ListView, type ListColumn } from '../../../components/list-kit';
import { formatNumber, formatPercent } from '../../../lib/format-number';
import { useEnquiryLabels } from '../enquiry-labels';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';
import { StatTile } from '../../../components/ui/stat-tile';

/*
 * The season's report (issue 41): enquiries → contacted → demo → admitted, per source and per
 * standard, with the conversion and the median days to admit, and why families were lost. Tables on
 * a wide screen, cards on a phone (the list kit).
 */

function conversionText(row: FunnelRow): string {
  return row.conversion === null ? '—' : formatPercent(row.conversion / 100);
}

function daysText(row: FunnelRow): string {
  return row.medianDaysToAdmit === null ? '—' : formatNumber(row.medianDaysToAdmit, 1);
}


/** The season in six numbers. */
export function ReportTotals({ total }: { total: FunnelRow }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <StatTile label={t`Enquiries`} value={formatNumber(total.enquiries)} />
      <StatTile label={t`Contacted`} value={formatNumber(total.contacted)} />
      <StatTile label={t`Demo class`} value={formatNumber(total.demo)} />
      <StatTile label={t`Admitted`} value={formatNumber(total.admitted)} />
      <StatTile label={t`Conversion`} value={conversionText(total)} />
      <StatTile label={t`Median days to admit`} value={daysText(total)} />
    </SimpleGrid>
  );
}

/** The funnel's columns after the row's name: the same for sources and standards. */
function useFunnelColumns<Row extends FunnelRow>(): ListColumn<Row>[] {
  const { t } = useLingui();
  const count = (value: number) => formatNumber(value);
  return [
    { key: 'enquiries', header: t`Enquiries`, align: 'right', card: 'hidden', cell: (row) => count(row.enquiries) },
    { key: 'contacted', header: t`Contacted`, align: 'right', card: 'hidden', cell: (row) => count(row.contacted) },
    { key: 'demo', header: t`Demo class`, align: 'right', card: 'hidden', cell: (row) => count(row.demo) },
    { key: 'admitted', header: t`Admitted`, align: 'right', card: 'hidden', cell: (row) => count(row.admitted) },
    {
      key: 'funnel',
      header: '',
      inTable: false,
      cell: (row) => {
        const enquiries = plural(row.enquiries, { one: '# enquiry', other: '# enquiries' });
        const [contacted, demo, admitted] = [row.contacted, row.demo, row.admitted].map(count);
        return <Text size="sm">{t`${enquiries} → ${contacted} contacted → ${demo} demo → ${admitted} admitted`}</Text>;
      },
    },
    {
      key: 'days',
      header: t`Median days to admit`,
      align: 'right',
      cell: (row) => daysText(row),
      cardCell: (row) => {
        const days = daysText(row);
        return row.medianDaysToAdmit === null ? null : (
          <Text size="sm" c="dimmed">
            {t`Median days to admit: ${days}`}
          </Text>
        );
      },
    },
    { key: 'conversion', header: t`Conversion`, align: 'right', card: 'aside', nowrap: true, cell: (row) => <Text fw={600}>{conversionText(row)}</Text> },
  ];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function ReportBySource({ rows }: { rows: AdmissionsReport['bySource'] }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const columns: ListColumn<AdmissionsReport['bySource'][number]>[] = [
    { key: 'source', header: t`Source`, card: 'title', cell: (row) => <Text fw={600}>{labels.source(row.source)}</Text> },
    ...useFunnelColumns<AdmissionsReport['bySource'][number]>(),
  ];
  return (
    <Section title={t`By source`}>
      <ListView rows={rows} rowKey={(row) => row.source} columns={columns} label={t`By source`} minWidth={720} />
    </Section>
  );
}

export function ReportByStandard({ rows }: { rows: AdmissionsReport['byStandard'] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const columns: ListColumn<AdmissionsReport['byStandard'][number]>[] = [
    { key: 'standard', header: t`Standard`, card: 'title', cell: (row) => <Text fw={600}>{row.standard ? names.standard(row.standard) : t`No standard`}</Text> },
    ...useFunnelColumns<AdmissionsReport['byStandard'][number]>(),
  ];
  return (
    <Section title={t`By standard`}>
      <ListView rows={rows} rowKey={(row) => row.standard?._id ?? 'none'} columns={columns} label={t`By standard`} minWidth={720} />
    </Section>
  );
}

export function ReportLostReasons({ rows }: { rows: AdmissionsReport['lostReasons'] }) {
  const { t } = useLingui();
  const labels = useEnquiryLabels();
  const columns: ListColumn<AdmissionsReport['lostReasons'][number]>[] = [
    { key: 'reason', header: t`Reason`, card: 'title', cell: (row) => labels.reason(row.reason) },
    { key: 'rejected', header: t`Rejected`, align: 'right', card: 'hidden', cell: (row) => formatNumber(row.rejected) },
    { key: 'lost', header: t`Lost`, align: 'right', card: 'hidden', cell: (row) => formatNumber(row.lost) },
    {
      key: 'split',
      header: '',
      inTable: false,
      cell: (row) => {
        const [rejected, lost] = [row.rejected, row.lost].map((value) => formatNumber(value));
        return (
          <Text size="sm" c="dimmed">
            <Trans>
              {rejected} rejected, {lost} lost
            </Trans>
          </Text>
        );
      },
    },
    { key: 'total', header: t`Total`, align: 'right', card: 'aside', cell: (row) => <Text fw={600}>{formatNumber(row.total)}</Text> },
  ];
  return (
    <Section title={t`Why enquiries were lost`}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No enquiry of these days was rejected or lost.</Trans>
        </Text>
      ) : (
        <ListView rows={rows} rowKey={(row) => row.reason} columns={columns} label={t`Why enquiries were lost`} minWidth={480} wideFrom="48em" />
      )}
    </Section>
  );
}
