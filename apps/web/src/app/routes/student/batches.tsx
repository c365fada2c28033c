import { Skeleton, Stack } from '@mantine/core';
import { BatchSummaryList } from '../../../features/batches/components/batch-summary-list';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { BATCHES_FAILURE, useStudentBatches } from '../../../features/batches/api';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const batches = useStudentBatches();
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={t`Batches`} description={t`The batches you are enrolled in, with their teachers and timings.`} />
      {batches.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1].map((row) => (
            <Skeleton key={row} h={120} radius="md" />
          ))}
        </Stack>
      ) : batches.isError ? (
        <LoadErrorAlert title={t`Your batches could not be loaded`} error={batches.error} fallback={BATCHES_FAILURE} onRetry={() => void batches.refetch()} />
      ) : (
        <BatchSummaryList batches={batches.data} empty={t`You are not enrolled in any batch yet.`} showTeacher />
      )}
    </>
  );
}
