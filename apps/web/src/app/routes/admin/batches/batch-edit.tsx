import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { BATCH_FAILURE, useBatchDetail } from '../../../../features/batches/api';
import { BatchForm } from '../../../../features/batches/components/batch-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const batch = useBatchDetail(id);
  return (
    <>
      <PageHeader title={t`Edit Batch`} description={batch.data?.name} />
      {batch.isPending ? (
        <Skeleton h={520} maw={880} radius="md" aria-hidden="true" />
      ) : batch.isError ? (
        <LoadErrorAlert title={t`The batch could not be loaded`} error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />
      ) : (
        <BatchForm key={batch.data._id} batch={batch.data} />
      )}
    </>
  );
}
