import { Stack, Tabs } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { useBatches } from '../../../features/batches/api';
import { FeeSummaryTiles } from '../../../features/fees/components/fee-summary-tiles';
import { DuesPanel } from '../../../features/fees/components/dues-panel';
import { PlansPanel } from '../../../features/fees/components/fee-plans-panel';
import { ReportPanel } from '../../../features/fees/components/fee-report-panel';

export function Component() {
  const { t } = useLingui();
  const batches = useBatches();
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  return (
    <>
      <PageHeader title={t`Fees`} description={t`Dues, fee plans and what has been collected.`} />
      <Stack gap="lg">
        <FeeSummaryTiles />
        <Tabs defaultValue="dues" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="dues">
              <Trans>Dues</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="plans">
              <Trans>Fee plans</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="report">
              <Trans>Report</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="dues">
            <DuesPanel batchOptions={batchOptions} />
          </Tabs.Panel>
          <Tabs.Panel value="plans">
            <PlansPanel batchOptions={batchOptions} />
          </Tabs.Panel>
          <Tabs.Panel value="report">
            <ReportPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
