import { Skeleton, Stack } from '@mantine/core';
import { BatchSummaryList } from '../../../features/batches/components/batch-summary-list';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { BATCH_FAILURES, useMyTeacherBatches } from '../../../features/batches/api';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const batches = useMyTeacherBatches();
  return (
    <>
      <PageHeader title={t`Batches`} description={t`The batches you teach, with their timings and seats.`} />
      {batches.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1].map((row) => (
            <Skeleton key={row} h={120} radius="md" />
          ))}
        </Stack>
      ) : batches.isError ? (
        <LoadErrorAlert title={t`Your batches could not be loaded`} error={batches.error} fallback={BATCH_FAILURES.fetch} onRetry={() => void batches.refetch()} />
      ) : (
        <Stack gap="md">
          <BatchSummaryList batches={batches.data} empty={t`You have no batches yet. The office assigns them.`} href={(batch) => `/app/teacher/batches/${batch._id}`} />
          {batches.data.length > 0 ? <CalendarFeedCard downloadPath="/api/teachers/me/schedule.ics" /> : null}
        </Stack>
      )}
    </>
  );
}
