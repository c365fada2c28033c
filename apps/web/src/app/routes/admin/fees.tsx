import { Badge, Stack } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { AddressTabs } from '../../../components/ui/address-tabs';
import { PageHeader } from '../../../components/ui/page-header';
import { useBatches } from '../../../features/batches/api';
import { FeeSummaryTiles } from '../../../features/fees/components/fee-summary-tiles';
import { DuesPanel } from '../../../features/fees/components/dues-panel';
import { PlansPanel } from '../../../features/fees/components/fee-plans-panel';
import { ReportPanel } from '../../../features/fees/components/fee-report-panel';
import { PaymentClaimsPanel } from '../../../features/fees/components/payment-claims-panel';
import { BankStatementPanel } from '../../../features/fees/components/bank-statement-panel';
import { usePaymentClaims } from '../../../features/fees/api';
import { GstPanel } from '../../../features/gst/gst-panel';

export function Component() {
  const { t } = useLingui();
  const batches = useBatches();
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  // How many UPI payments families reported and the office has not confirmed yet (issue 38).
  const waiting = usePaymentClaims({ status: 'pending' }).data?.pending ?? 0;
  return (
    <>
      <PageHeader title={t`Fees`} description={t`Dues, fee plans and what has been collected.`} />
      <Stack gap="lg">
        <FeeSummaryTiles />
        {/* The tab lives in the address, so the dashboard's "UPI payments to confirm" opens that tab. */}
        <AddressTabs
          fallback="dues"
          home="dues"
          tabs={[
            { value: 'dues', label: <Trans>Dues</Trans>, panel: <DuesPanel batchOptions={batchOptions} /> },
            {
              value: 'upi',
              label: <Trans>UPI payments</Trans>,
              rightSection: waiting > 0 ? <Badge size="sm" circle aria-label={t`${waiting} waiting`}>{waiting}</Badge> : null,
              panel: <PaymentClaimsPanel />,
            },
            { value: 'statement', label: <Trans>Bank statement</Trans>, panel: <BankStatementPanel /> },
            { value: 'plans', label: <Trans>Fee plans</Trans>, panel: <PlansPanel batchOptions={batchOptions} /> },
            { value: 'report', label: <Trans>Report</Trans>, panel: <ReportPanel /> },
            { value: 'gst', label: <Trans>GST</Trans>, panel: <GstPanel /> },
          ]}
        />
      </Stack>
    </>
  );
}
