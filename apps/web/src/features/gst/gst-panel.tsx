import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { GST_STATES } from '@academy/shared/gst';
import type { GstDocument } from '@academy/shared/schemas/gst';
import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { formatDate } from '../../lib/format-date';
import { formatRupees } from '../../lib/format-number';
import { useAcademyToday } from '../settings/use-academy-today';
import { gstr1JsonUrl, gstr1XlsxUrl, useGstMonth } from './api';

const FAILURE = msg`Failed to load the month's GST documents`;

/**
 * Fees → GST (issue 57): a month's tax invoices and credit notes with their tax, the totals
 * (GSTR-3B's outward taxable supplies), and GSTR-1 to download as the offline tool's JSON or as XLSX.
 */
export function GstPanel() {
  const { t } = useLingui();
  const today = useAcademyToday();
  const [period, setPeriod] = useState(today.slice(0, 7));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
  const month = useGstMonth(valid ? period : today.slice(0, 7));
  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          type="month"
          label={t`Month`}
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value)}
          error={valid ? undefined : t`Enter the month as YYYY-MM`}
          w={200}
        />
        {month.data?.gstin ? (
          <Group gap="xs" wrap="wrap">
            <Button component="a" href={gstr1JsonUrl(period)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} disabled={!valid}>
              <Trans>GSTR-1 JSON</Trans>
            </Button>
            <Button component="a" href={gstr1XlsxUrl(period)} variant="default" leftSection={<IconDownload size={16} aria-hidden="true" />} disabled={!valid}>
              <Trans>GSTR-1 XLSX</Trans>
            </Button>
          </Group>
        ) : null}
      </Group>
      {month.isPending ? (
        <Skeleton h={160} radius="md" aria-hidden="true" />
      ) : month.isError ? (
        <LoadErrorAlert title={t`The GST documents could not be loaded`} error={month.error} fallback={FAILURE} onRetry={() => void month.refetch()} />
      ) : (
        <>
          {!month.data.gstin ? (
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
                <Figure label={t`Taxable value`} value={month.data.totals.taxable} />
                <Figure label={t`CGST`} value={month.data.totals.cgst} />
                <Figure label={t`SGST`} value={month.data.totals.sgst} />
                <Figure label={t`IGST`} value={month.data.totals.igst} />
              </Group>
            </Stack>
          </Paper>
          {month.data.documents.length === 0 ? (
            <Text c="dimmed" size="sm">
              <Trans>No tax invoices or credit notes in this month.</Trans>
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table striped withTableBorder aria-label={t`Tax invoices and credit notes`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Document</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Date</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Student</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Place of supply</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Taxable value</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>CGST + SGST</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>IGST</Trans>
                    </Table.Th>
                    <Table.Th ta="right">
                      <Trans>Value</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {month.data.documents.map((doc) => (
                    <DocumentRow key={`${doc.kind}-${doc.number}`} doc={doc} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
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
          ) : null}
        </Group>
        {invoice ? (
          <Text size="xs" c="dimmed">
            <Trans>For invoice {invoice}</Trans>
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(doc.date)}</Table.Td>
      <Table.Td>{doc.student.name}</Table.Td>
      <Table.Td>{GST_STATES[doc.placeOfSupply] ?? doc.placeOfSupply}</Table.Td>
      <Table.Td ta="right">{formatRupees(sign * doc.taxable)}</Table.Td>
      <Table.Td ta="right">{formatRupees(sign * (doc.cgst + doc.sgst))}</Table.Td>
      <Table.Td ta="right">{formatRupees(sign * doc.igst)}</Table.Td>
      <Table.Td ta="right">{formatRupees(sign * doc.value)}</Table.Td>
    </Table.Tr>
  );
}
