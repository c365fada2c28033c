import { Alert, Skeleton } from '@mantine/core';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { IconUsersGroup } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Student } from '@academy/shared/schemas/students';
import type { LateJoinRule } from '@academy/shared/schemas/batches';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { BATCH_FAILURE, BATCH_FAILURES, useAddStudentToBatch, useBatchDetail } from '../../../features/batches/api';
import { seatsLeftText, toEnrolledStudent } from '../../../features/batches/add-students';
import { normalizeError } from '../../../lib/api-client';
import { StudentForm } from '../../../features/students/components/student-form';
import { LateJoinChoice } from '../../../features/fees/components/late-join-choice';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/**
 * "Add new student" on a batch opens this page with ?batchId=: the new student joins that batch. If
 * joining fails the student is kept, the reason shown, and their page opened instead.
 */
function CreateForBatch({ batchId }: { batchId: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const names = useLocalNames();
  const batch = useBatchDetail(batchId);
  const enrol = useAddStudentToBatch(batchId);
  const [lateJoin, setLateJoin] = useState<LateJoinRule>('shift');
  const enrolCreated = (created: Student, batch: { name: string }) =>
    // A brand-new student has no other batch, so no clash to confirm.
    enrol.mutate(
      { student: toEnrolledStudent(created), confirm: true, lateJoin },
      {
        onSuccess: () => {
          notifications.show({ title: t`Student created`, message: t`${created.name} was created and added to ${batch.name}`, color: 'teal' });
          void navigate(`/app/batches/${batchId}`);
        },
        onError: (error) => {
          notifications.show({
            title: t`Student created, but not added to the batch`,
            message: t`${created.name} was created but could not join ${batch.name}: ${normalizeError(error, BATCH_FAILURES.addStudent).message}`,
            color: 'orange',
            autoClose: false,
          });
          void navigate(`/app/students/${created._id}`);
        },
      },
    );
  if (batch.isPending) return <Skeleton h={480} maw={880} radius="md" aria-hidden="true" />;
  if (batch.isError) return <LoadErrorAlert title={t`The batch could not be loaded`} error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />;
  return (
    <>
      <Alert variant="light" icon={<IconUsersGroup aria-hidden="true" />} title={t`Joins ${batch.data.name}`} mb="lg" maw={880}>
        <Trans>
          Once created, the student is enrolled in {batch.data.name} ({names.standard(batch.data.standard)} · {names.subject(batch.data.subject)}),{' '}
          {seatsLeftText(batch.data.seatsLeft, i18n).toLowerCase()}.
        </Trans>
      </Alert>
      <LateJoinChoice batch={batch.data} value={lateJoin} onChange={setLateJoin} maw={880} mb="lg" />
      <StudentForm
        standardId={batch.data.standard._id}
        afterCreate={(created) => enrolCreated(created, batch.data)}
        cancelTo={`/app/batches/${batchId}`}
        createLabel={t`Create and Add to Batch`}
        busy={enrol.isPending}
      />
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
