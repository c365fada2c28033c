import { Skeleton, Stack } from '@mantine/core';
import { BatchSummaryList } from '../../../components/ui/batch-summary-list';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { BATCHES_FAILURE, useStudentBatches } from '../../../features/batches/api';

export function Component() {
  const batches = useStudentBatches();

  return (
    <>
      <PageHeader title="Batches" description="The batches you are enrolled in, with their teachers and timings." />
      {batches.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1].map((row) => (
            <Skeleton key={row} h={120} radius="md" />
          ))}
        </Stack>
      ) : batches.isError ? (
        <LoadErrorAlert title="Your batches could not be loaded" error={batches.error} fallback={BATCHES_FAILURE} onRetry={() => void batches.refetch()} />
      ) : (
        <BatchSummaryList batches={batches.data} empty="You are not enrolled in any batch yet." showTeacher />
      )}
    </>
  );
}
