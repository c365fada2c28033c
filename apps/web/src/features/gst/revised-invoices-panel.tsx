import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { RevisedInvoices } from '@academy/shared/schemas/gst';
import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { TableHead } from '../../components/ui/table-head';
import { useConfirmAction } from '../../components/ui/confirm-action';
import { formatDate } from '../../lib/format-date';
import { formatRupees } from '../../lib/format-number';
import { stateName } from '../../lib/state-names';
import { useAcademyToday } from '../../lib/use-academy-today';
import { gstTableHeadings } from './gst-table-headings';
import { revisedInvoicePdfUrl, useIssueRevisedInvoices, useRevisedInvoicesPreview } from './api';
import { TableScroll } from '../../components/ui/table-scroll';

const FAILURE = msg`Failed to load the payments of the registration's window`;
const ISSUE_FAILURE = msg`The revised invoices could not be issued`;

/**
 * Fees → GST, a registration dated back (issue 72, decision 063; CGST s.31(3)(a), Rule 53(2)): the office
 * gives the day the registration certificate was issued, sees every payment of the window with what its
 * revised invoice will say and the last day they may be issued, then issues them; the issued ones open
 * as their PDFs (the receipt's PDF becomes the revised invoice). The API says what is allowed.
 */
export function RevisedInvoicesPanel() {
  const { t } = useLingui();
  const today = useAcademyToday();
  const [date, setDate] = useState('');
  // The preview asks only for a whole date; the API refuses a future one in its own words.
  const certificateDate = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
  const preview = useRevisedInvoicesPreview(certificateDate);
  const issue = useIssueRevisedInvoices();
  const confirm = useConfirmAction();
  const issued = issue.data?.data;
  const issueAll = (data: RevisedInvoices) => {
    const count = data.invoices.length;
    confirm({
      title: t`Issue revised invoices`,
      body:
        count === 1 ? (
          <Trans>Issue 1 revised invoice in the RI series, dated today? It is a tax document: it cannot be taken back, only credited by a credit note.</Trans>
        ) : (
          <Trans>Issue {count} revised invoices in the RI series, dated today? They are tax documents: they cannot be taken back, only credited by credit notes.</Trans>
        ),
      confirmLabel: t`Issue`,
      mutation: issue,
      variables: data.certificateDate,
      done: { title: t`Revised invoices issued`, message: t`Revised invoices issued` },
      failed: { title: t`Revised invoices not issued`, message: ISSUE_FAILURE },
    });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="revised-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="revised-title">
          <Trans>Registration dated back: revised invoices</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            When the registration certificate gives an effective date before the day it was issued, the payments of that window were plain receipts. Within one month of
            the certificate the academy may issue revised tax invoices for them (CGST Act section 31(3)(a)). Save the effective date in Settings → Tax first.
          </Trans>
        </Text>
        <TextInput
          type="date"
          label={t`Date of the registration certificate`}
          value={date}
          max={today}
          onChange={(event) => setDate(event.currentTarget.value)}
          maw={260}
          data-testid="certificate-date"
        />
        {issued && issued.invoices.length > 0 ? <IssuedList issued={issued} /> : null}
        {certificateDate === null ? null : preview.isPending ? (
          <Skeleton h={120} radius="md" aria-hidden="true" />
        ) : preview.isError ? (
          <LoadErrorAlert title={t`The revised invoices could not be worked out`} error={preview.error} fallback={FAILURE} onRetry={() => void preview.refetch()} />
        ) : (
          <Preview data={preview.data} busy={issue.isPending} onIssue={() => issueAll(preview.data)} />
        )}
      </Stack>
    </Paper>
  );
}

function Preview({ data, busy, onIssue }: { data: RevisedInvoices; busy: boolean; onIssue: () => void }) {
  const { t, i18n } = useLingui();
  const lastDate = formatDate(data.lastDate);
  const count = data.invoices.length;
  return (
    <Stack gap="sm" data-testid="revised-preview">
      {data.allowed ? (
        <Text size="sm" data-testid="revised-last-date">
          <Trans>Revised invoices may be issued until {lastDate}, one month from the certificate (CGST Rule 53(2)).</Trans>
        </Text>
      ) : (
        <Alert color="red" variant="light" data-testid="revised-last-date">
          <Trans>Revised invoices could be issued until {lastDate}, one month from the registration certificate (CGST Rule 53(2))</Trans>
        </Alert>
      )}
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No payments to revise: every payment from the registration&apos;s effective date to the certificate already has a tax invoice or a revised invoice.</Trans>
        </Text>
      ) : (
        <>
          <TableScroll minWidth={820}>
            <Table striped withTableBorder aria-label={t`Payments and their revised invoices`}>
              <TableHead headings={gstTableHeadings(<Trans>Receipt</Trans>, <Trans>Amount received</Trans>)} />
              <Table.Tbody>
                {data.invoices.map((invoice) => (
                  <Table.Tr key={invoice.receiptId} data-testid={`revise-${invoice.receiptNumber}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{invoice.receiptNumber}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.date)}</Table.Td>
                    <Table.Td>{invoice.student.name}</Table.Td>
                    <Table.Td>{stateName(invoice.placeOfSupply, i18n)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(invoice.taxable)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(invoice.cgst + invoice.sgst)}</Table.Td>
                    <Table.Td ta="right">{formatRupees(invoice.igst)}</Table.Td>
                    <Table.Td ta="right">
                      {formatRupees(invoice.amount)}
                      {invoice.exempt > 0 ? (
                        <Text size="xs" c="dimmed">
                          <Trans>incl. {formatRupees(invoice.exempt)} exempt</Trans>
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
          <Group>
            <Button onClick={onIssue} loading={busy} disabled={!data.allowed}>
              <Trans>Issue revised invoices</Trans>
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** What was just issued: each revised invoice's number, the receipt it revises and its PDF. */
function IssuedList({ issued }: { issued: RevisedInvoices }) {
  return (
    <Alert color="teal" variant="light" title={<Trans>Revised invoices issued</Trans>} data-testid="revised-issued">
      <Stack gap={4}>
        {issued.invoices.map((invoice) => {
          const number = invoice.number ?? '';
          const receipt = invoice.receiptNumber;
          const name = invoice.student.name;
          return (
            <Group key={invoice.receiptId} gap="xs" wrap="wrap">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {number}
              </Text>
              <Text size="sm">
                <Trans>
                  revises receipt {receipt} · {name}
                </Trans>
              </Text>
              <Anchor href={revisedInvoicePdfUrl(invoice.receiptId)} target="_blank" rel="noopener" size="sm">
                <Trans>PDF</Trans>
              </Anchor>
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}
