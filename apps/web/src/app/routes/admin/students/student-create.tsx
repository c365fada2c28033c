import { Alert, Skeleton } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { BATCH_FAILURE, useBatchDetail } from '../../../../features/batches/api';
import { seatsLeftText } from '../../../../features/batches/add-students';
import { StudentForm } from '../../../../features/students/components/student-form';

const DESCRIPTION = 'Only name and email are required; the rest can be filled in later.';

/** "Add new student" on a batch opens this page with ?batchId=: the new student joins that batch. */
function CreateForBatch({ batchId }: { batchId: string }) {
  const batch = useBatchDetail(batchId);
  if (batch.isPending) return <Skeleton h={480} maw={880} radius="md" aria-hidden="true" />;
  if (batch.isError) return <LoadErrorAlert title="The batch could not be loaded" error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />;
  return (
    <>
      <Alert variant="light" icon={<IconUsersGroup aria-hidden="true" />} title={`Joins ${batch.data.name}`} mb="lg" maw={880}>
        Once created, the student is enrolled in {batch.data.name} ({batch.data.standard.name} · {batch.data.subject.name}), {seatsLeftText(batch.data.seatsLeft).toLowerCase()}.
      </Alert>
      <StudentForm enrolIn={batch.data} />
    </>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const batchId = params.get('batchId');
  return (
    <>
      <PageHeader title="Create Student" description={DESCRIPTION} />
      {batchId ? <CreateForBatch batchId={batchId} /> : <StudentForm />}
    </>
  );
}
