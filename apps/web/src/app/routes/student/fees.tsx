import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { useOwnLedger } from '../../../features/fees/api';
import { LedgerView } from '../../../features/fees/components/ledger-view';
import { UpiPayPanel } from '../../../features/fees/components/upi-pay-panel';
import { QueryStates } from '../../../components/ui/query-states';

/** The student's own fees: the same ledger the office sees, with the receipts to download. */
export function Component() {
  const { t } = useLingui();
  const ledger = useOwnLedger();
  return (
    <>
      <PageHeader title={t`Fees`} description={t`Your fees, payments and receipts.`} />
      <QueryStates query={ledger} skeleton={260} errorTitle={t`Your fees could not be loaded`} errorFallback={t`Failed to load the fees`}>
        {(data) => (
          <Stack gap="lg">
            <UpiPayPanel ledger={data} />
            <LedgerView ledger={data} />
          </Stack>
        )}
      </QueryStates>
    </>
  );
}
