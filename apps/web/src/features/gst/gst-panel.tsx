import { Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { gstPeriodRange } from '@academy/shared/gst';
import { stateName } from '../../lib/state-names';
import { RevisedInvoicesPanel } from './revised-invoices-panel';
import { financialYearOf } from '@academy/shared/calendar';
import type { GstDocument, GstMonth } from '@academy/shared/schemas/gst';
import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { formatDate } from '../../lib/format-date';
import { formatRupees } from '../../lib/format-number';
import { useAcademyToday } from '../../lib/use-academy-today';
import { gstr1JsonUrl, gstr1XlsxUrl, useGstMonth } from './api';
import { TableHead } from '../../components/ui/table-head';
import { gstTableHeadings } from './gst-table-headings';
import { TableScroll } from '../../components/ui/table-scroll';

const FAILURE = msg`Failed to load the month's GST documents`;

/** This financial year's quarters and last year's, newest first (QRMP filers file GSTR-1 per quarter). */
const QUARTER_MONTHS = [msg`April–June`, msg`July–September`, msg`October–December`, msg`January–March`];
function quarterOptions(today: string, i18n: I18n) {
  const year = financialYearOf(today);
  const start = Number(year.slice(0, 4));
  const years = [year, `${start - 1}-${String(start % 100).padStart(2, '0')}`];
  return years.flatMap((fy) => [4, 3, 2, 1].map((quarter) => ({ value: `${fy}-Q${quarter}`, label: `${fy} Q${quarter} · ${i18n._(QUARTER_MONTHS[quarter - 1]!)}` }))).filter((option) => gstPeriodRange(option.value)!.first <= today);
}

/** The GSTR-1 table a document goes to, as the accountant reads it. */
const TABLE_LABELS = { b2b: 'B2B', b2cl: 'B2C large', b2cs: 'B2C small', cdnr: 'CDNR', cdnur: 'CDNUR', nil: msg`Exempt` } as const;

/**
 * Fees → GST (issue 57): a month's tax invoices and credit notes with their tax, the totals
 * (GSTR-3B's outward taxable supplies), and GSTR-1 to download as the offline tool's JSON or as XLSX.
 */
export function GstPanel() {
  const { t } = useLingui();
  const today = useAcademyToday();
  const picker = useGstPeriod(today);
  const month = useGstMonth(picker.valid ? picker.period : today.slice(0, 7));
  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
        <GstPeriodPicker picker={picker} />
        {month.data?.gstin ? <Gstr1Downloads period={picker.period} valid={picker.valid} /> : null}
      </Group>
      {month.isPending ? (
        <Skeleton h={160} radius="md" aria-hidden="true" />
      ) : month.isError ? (
        <LoadErrorAlert title={t`The GST documents could not be loaded`} error={month.error} fallback={FAILURE} onRetry={() => void month.refetch()} />
      ) : (
        <GstMonthView data={month.data} kind={picker.kind} />
      )}
    </Stack>
  );
}

/** The return period chosen: a month (YYYY-MM) or a quarter of this financial year or the last. */
function useGstPeriod(today: string) {
  const { i18n } = useLingui();
  const [kind, setKind] = useState<'month' | 'quarter'>('month');
  const [monthValue, setMonthValue] = useState(today.slice(0, 7));
  const quarters = quarterOptions(today, i18n);
  const [quarterValue, setQuarterValue] = useState(quarters[0]!.value);
  const period = kind === 'month' ? monthValue : quarterValue;
  const valid = gstPeriodRange(period) !== undefined;
  return { kind, setKind, monthValue, setMonthValue, quarters, quarterValue, setQuarterValue, period, valid };
}

function GstPeriodPicker({ picker }: { picker: ReturnType<typeof useGstPeriod> }) {
  const { t } = useLingui();
  const { kind, quarters } = picker;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label={t`Return period`}
        value={kind}
        onChange={(value) => picker.setKind(value as 'month' | 'quarter')}
        data={[
          { value: 'month', label: t`Month` },
          { value: 'quarter', label: t`Quarter` },
        ]}
      />
      {kind === 'month' ? (
        <TextInput
          type="month"
          label={t`Month`}
          value={picker.monthValue}
          onChange={(event) => picker.setMonthValue(event.currentTarget.value)}
          error={picker.valid ? undefined : t`Enter the month as YYYY-MM`}
          w={200}
        />
      ) : (
        <Select label={t`Quarter`} data={quarters} value={picker.quarterValue} onChange={(value) => picker.setQuarterValue(value ?? quarters[0]!.value)} allowDeselect={false} w={260} data-testid="gst-quarter" />
      )}
    </Group>
  );
}

function Gstr1Downloads({ period, valid }: { period: string; valid: boolean }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Button component="a" href={gstr1JsonUrl(period)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} disabled={!valid}>
        <Trans>GSTR-1 JSON</Trans>
      </Button>
      <Button component="a" href={gstr1XlsxUrl(period)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} disabled={!valid}>
        <Trans>GSTR-1 XLSX</Trans>
      </Button>
    </Group>
  );
}

function GstMonthView({ data, kind }: { data: GstMonth; kind: 'month' | 'quarter' }) {
  const { t } = useLingui();
  return (
    <>
      {!data.gstin ? (
        <Alert color="blue" variant="light">
          <Trans>GST is not turned on. An academy registered for GST turns it on in Settings → Tax; its receipts are then tax invoices.</Trans>
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          <Title order={3} size="h5">
            <Trans>Outward taxable supplies (GSTR-3B 3.1(a))</Trans>
          </Title>
          <Group gap="lg" wrap="wrap">
            <Figure label={t`Taxable value`} value={data.totals.taxable} />
            <Figure label={t`CGST`} value={data.totals.cgst} />
            <Figure label={t`SGST`} value={data.totals.sgst} />
            <Figure label={t`IGST`} value={data.totals.igst} />
            {data.totals.exempt !== 0 ? <Figure label={t`Exempt (3.1(c))`} value={data.totals.exempt} /> : null}
          </Group>
        </Stack>
      </Paper>
      {data.documents.length === 0 ? (
        <Text c="dimmed" size="sm">
          {kind === 'month' ? <Trans>No tax invoices or credit notes in this month.</Trans> : <Trans>No tax invoices or credit notes in this quarter.</Trans>}
        </Text>
      ) : (
        <TableScroll minWidth={960}>
          <Table striped withTableBorder aria-label={t`Tax invoices and credit notes`}>
            <TableHead headings={[...gstTableHeadings(<Trans>Document</Trans>, <Trans>Value</Trans>), { label: <Trans>GSTR-1 table</Trans> }]} />
            <Table.Tbody>
              {data.documents.map((doc) => (
                <DocumentRow key={`${doc.kind}-${doc.number}`} doc={doc} />
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {data.gstin ? <RevisedInvoicesPanel /> : null}
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{formatRupees(value)}</Text>
    </Stack>
  );
}

function DocumentRow({ doc }: { doc: GstDocument }) {
  const { i18n } = useLingui();
  const table = TABLE_LABELS[doc.table];
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  const invoice = doc.invoiceNumber;
  return (
    <Table.Tr data-testid={`gst-${doc.number}`}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {doc.number}
          </Text>
          {doc.kind === 'credit_note' ? (
            <Badge color="red" variant="light" size="sm">
              <Trans>Credit note</Trans>
            </Badge>
          ) : doc.kind === 'revised_invoice' ? (
            <Badge color="blue" variant="light" size="sm">
              <Trans>Revised invoice</Trans>
            </Badge>
          ) : null}
        </Group>
        {invoice ? (
          <Text size="xs" c="dimmed">
            {doc.kind === 'revised_invoice' ? <Trans>Revises receipt {invoice}</Trans> : <Trans>For invoice {invoice}</Trans>}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.date)}</Table.Td>
      <Table.Td>
        {doc.student.name}
        {doc.payerGstin ? (
          <Text size="xs" c="dimmed">
            <Trans>Payer GSTIN {doc.payerGstin}</Trans>
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{stateName(doc.placeOfSupply, i18n)}</Table.Td>
      <Table.Td ta="right">{formatRupees(sign * doc.taxable)}</Table.Td>
      <Table.Td ta="right">{formatRupees(sign * (doc.cgst + doc.sgst))}</Table.Td>
      <Table.Td ta="right">{formatRupees(sign * doc.igst)}</Table.Td>
      <Table.Td ta="right">
        {formatRupees(sign * doc.value)}
        {doc.exempt > 0 ? (
          <Text size="xs" c="dimmed">
            <Trans>incl. {formatRupees(sign * doc.exempt)} exempt</Trans>
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray" size="sm">
          {typeof table === 'string' ? table : i18n._(table)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}
