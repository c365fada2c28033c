import { Alert, Skeleton } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { BATCH_FAILURE, useBatchDetail } from '../../../../features/batches/api';
import { seatsLeftText } from '../../../../features/batches/add-students';
import { StudentForm } from '../../../../features/students/components/student-form';
import { Trans, useLingui } from '@lingui/react/macro';

/** "Add new student" on a batch opens this page with ?batchId=: the new student joins that batch. */
function CreateForBatch({ batchId }: { batchId: string }) {
  const { t, i18n } = useLingui();
  const batch = useBatchDetail(batchId);
  if (batch.isPending) return <Skeleton h={480} maw={880} radius="md" aria-hidden="true" />;
  if (batch.isError) return <LoadErrorAlert title={t`The batch could not be loaded`} error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />;
  return (
    <>
      <Alert variant="light" icon={<IconUsersGroup aria-hidden="true" />} title={t`Joins ${batch.data.name}`} mb="lg" maw={880}>
        <Trans>
          Once created, the student is enrolled in {batch.data.name} ({batch.data.standard.name} · {batch.data.subject.name}),{' '}
          {seatsLeftText(batch.data.seatsLeft, i18n).toLowerCase()}.
        </Trans>
      </Alert>
      <StudentForm enrolIn={batch.data} />
    </>
  );
}

export function Component() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const batchId = params.get('batchId');
  return (
    <>
      <PageHeader title={t`Create Student`} description={t`Only the name is required; the rest can be filled in later. A student without an email signs in with their student ID.`} />
      {batchId ? <CreateForBatch batchId={batchId} /> : <StudentForm />}
    </>
  );
}
