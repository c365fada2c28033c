import { Skeleton, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ParentChild } from '@academy/shared/schemas/parents';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useChildLedger } from '../../../features/fees/api';
import { LedgerView } from '../../../features/fees/components/ledger-view';
import { UpiPayPanel } from '../../../features/fees/components/upi-pay-panel';
import { ChildScreen } from './child-screen';

/** A child's fees for their parent: the same ledger (balance, dues, receipts to download) the child sees. */
export function Component() {
  const { t } = useLingui();
  return <ChildScreen title={t`Fees`} description={t`Your child's fees, payments and receipts.`}>{(child) => <ChildFees child={child} />}</ChildScreen>;
}

function ChildFees({ child }: { child: ParentChild }) {
  const { t } = useLingui();
  const ledger = useChildLedger(child._id);
  if (ledger.isPending) return <Skeleton h={260} radius="md" aria-hidden="true" />;
  if (ledger.isError) return <LoadErrorAlert title={t`The fees could not be loaded`} error={ledger.error} fallback={t`Failed to load the fees`} onRetry={() => void ledger.refetch()} />;
  return (
    <Stack gap="lg">
      {/* Pay works before the app's code as a link to the child's pay page (decision 075). */}
      <UpiPayPanel ledger={ledger.data} payPageHref={`/app/parent/fees/pay/${encodeURIComponent(child._id)}`} />
      <LedgerView ledger={ledger.data} />
    </Stack>
  );
}
