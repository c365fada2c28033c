import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { BATCH_FAILURE, useBatchDetail } from '../../../../features/batches/api';
import { BatchForm } from '../../../../features/batches/components/batch-form';

export function Component() {
  const { id = '' } = useParams();
  const batch = useBatchDetail(id);
  return (
    <>
      <PageHeader title="Edit Batch" description={batch.data?.name} />
      {batch.isPending ? (
        <Skeleton h={520} maw={880} radius="md" aria-hidden="true" />
      ) : batch.isError ? (
        <LoadErrorAlert title="The batch could not be loaded" error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />
      ) : (
        <BatchForm key={batch.data._id} batch={batch.data} />
      )}
    </>
  );
}
