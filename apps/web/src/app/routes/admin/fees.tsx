import { Badge, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
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

const TABS = ['dues', 'upi', 'statement', 'plans', 'report', 'gst'];

export function Component() {
  const { t } = useLingui();
  const batches = useBatches();
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  // How many UPI payments families reported and the office has not confirmed yet (issue 38).
  const waiting = usePaymentClaims({ status: 'pending' }).data?.pending ?? 0;
  // The tab lives in the address, so the dashboard's "UPI payments to confirm" opens that tab.
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') ?? '') ? params.get('tab')! : 'dues';
  return (
    <>
      <PageHeader title={t`Fees`} description={t`Dues, fee plans and what has been collected.`} />
      <Stack gap="lg">
        <FeeSummaryTiles />
        <Tabs value={tab} onChange={(value) => setParams(value && value !== 'dues' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="dues">
              <Trans>Dues</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="upi" rightSection={waiting > 0 ? <Badge size="sm" circle aria-label={t`${waiting} waiting`}>{waiting}</Badge> : null}>
              <Trans>UPI payments</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="statement">
              <Trans>Bank statement</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="plans">
              <Trans>Fee plans</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="report">
              <Trans>Report</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="gst">
              <Trans>GST</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="dues">
            <DuesPanel batchOptions={batchOptions} />
          </Tabs.Panel>
          <Tabs.Panel value="upi">
            <PaymentClaimsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="statement">
            <BankStatementPanel />
          </Tabs.Panel>
          <Tabs.Panel value="plans">
            <PlansPanel batchOptions={batchOptions} />
          </Tabs.Panel>
          <Tabs.Panel value="report">
            <ReportPanel />
          </Tabs.Panel>
          <Tabs.Panel value="gst">
            <GstPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
