import { Alert, Skeleton } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { ApiError } from '../../../lib/api-client';
import { BATCH_FAILURE, useBatchDetail } from '../../../features/batches/api';
import { LectureScreenHeader } from '../../../features/lectures/components/lecture-screen-header';
import { AddLectureForm } from '../../../features/lectures/components/lecture-upload';

/** "Add lecture" from the teacher's batch screen (issue 75, decision 087): the day, a title, a file or a recording. */
export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const batch = useBatchDetail(id);
  const back = `/app/teacher/batches/${encodeURIComponent(id)}`;
  return (
    <>
      <LectureScreenHeader title={t`Add lecture`} description={batch.data?.name} back={back} />
      {batch.isPending ? (
        <Skeleton h={320} radius="md" aria-hidden="true" />
      ) : batch.error instanceof ApiError && batch.error.status === 404 ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Batch not found`} />
      ) : batch.isError ? (
        <LoadErrorAlert title={t`The batch could not be loaded`} error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />
      ) : (
        <SectionCard title={t`New lecture`}>
          <AddLectureForm
            batchId={id}
            scheduleDays={batch.data.schedule.days}
            onRecord={(lectureId) => void navigate(`/app/teacher/lectures/${encodeURIComponent(lectureId)}/record`)}
            onDone={() => {}}
          />
        </SectionCard>
      )}
    </>
  );
}
