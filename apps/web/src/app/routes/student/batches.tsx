import { BatchSummaryList } from '../../../features/batches/components/batch-summary-list';
import { PageHeader } from '../../../components/ui/page-header';
import { BATCHES_FAILURE, useStudentBatches } from '../../../features/batches/api';
import { useLingui } from '@lingui/react/macro';
import { QueryStates } from '../../../components/ui/query-states';

export function Component() {
  const batches = useStudentBatches();
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={t`Batches`} description={t`The batches you are enrolled in, with their teachers and timings.`} />
      <QueryStates query={batches} skeleton={[120, 120]} errorTitle={t`Your batches could not be loaded`} errorFallback={BATCHES_FAILURE}>
        {(data) => (
          <BatchSummaryList batches={data} empty={t`You are not enrolled in any batch yet.`} showTeacher />
        )}
      </QueryStates>
    </>
  );
}
