import { Skeleton, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useOwnLedger } from '../../../features/fees/api';
import { LedgerView } from '../../../features/fees/components/ledger-view';
import { UpiPayPanel } from '../../../features/fees/components/upi-pay-panel';

/** The student's own fees: the same ledger the office sees, with the receipts to download. */
export function Component() {
  const { t } = useLingui();
  const ledger = useOwnLedger();
  return (
    <>
      <PageHeader title={t`Fees`} description={t`Your fees, payments and receipts.`} />
      {ledger.isPending ? (
        <Skeleton h={260} radius="md" aria-hidden="true" />
      ) : ledger.isError ? (
        <LoadErrorAlert title={t`Your fees could not be loaded`} error={ledger.error} fallback={t`Failed to load the fees`} onRetry={() => void ledger.refetch()} />
      ) : (
        <Stack gap="lg">
          <UpiPayPanel ledger={ledger.data} />
          <LedgerView ledger={ledger.data} />
        </Stack>
      )}
    </>
  );
}
