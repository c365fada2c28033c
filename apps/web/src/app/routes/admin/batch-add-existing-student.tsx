import { Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { LateJoinRule } from '@academy/shared/schemas/batches';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { BATCH_FAILURE, useBatchDetail } from '../../../features/batches/api';
import { AddExistingStudents } from '../../../features/batches/components/add-existing-students';
import { LateJoinChoice } from '../../../features/fees/components/late-join-choice';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { batchId = '' } = useParams();
  const batch = useBatchDetail(batchId);
  const [lateJoin, setLateJoin] = useState<LateJoinRule>('shift');
  return (
    <>
      <PageHeader title={t`Add Existing Student`} description={t`Choose active students who are not in this batch yet; several at once.`} />
      {batch.isPending ? (
        <Skeleton h={360} maw={760} radius="md" aria-hidden="true" />
      ) : batch.isError ? (
        <LoadErrorAlert title={t`The batch could not be loaded`} error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />
      ) : (
        <AddExistingStudents batch={batch.data} lateJoin={lateJoin}>
          <LateJoinChoice batch={batch.data} value={lateJoin} onChange={setLateJoin} />
        </AddExistingStudents>
      )}
    </>
  );
}
