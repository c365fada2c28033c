import { Alert, Button, Skeleton } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionCard } from '../../../components/ui/section-card';
import { ApiError } from '../../../lib/api-client';
import { BATCH_FAILURE, useBatchDetail } from '../../../features/batches/api';
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
      <PageHeader
        title={t`Add lecture`}
        description={batch.data?.name}
        actions={
          <Button component={Link} to={back} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            {t`Back to the batch`}
          </Button>
        }
      />
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
