import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconChecklist, IconListNumbers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { SectionCard } from '../../../components/ui/section-card';
import { ApiError } from '../../../lib/api-client';
import { BatchAttendanceHistory } from '../../../features/attendance/components/batch-attendance-history';
import { BATCH_FAILURE, useBatchDetail, type BatchWithRoster } from '../../../features/batches/api';
import { markAttendanceHref } from '../../../features/batches/batch-links';
import { BatchFactsList, BatchScheduleFacts } from '../../../features/batches/components/batch-overview';
import { BatchRoster } from '../../../features/batches/components/batch-roster';
import { BatchLectures } from '../../../features/lectures/components/batch-lectures';
import { scheduleLabel } from '../../../lib/schedule-display';
import { Trans, useLingui } from '@lingui/react/macro';

function BatchSections({ batch }: { batch: BatchWithRoster }) {
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <SectionCard title={t`Overview`}>
        <BatchFactsList batch={batch} showTeacher={false} />
      </SectionCard>
      <SectionCard title={t`Schedule`}>
        <BatchScheduleFacts batch={batch} />
      </SectionCard>
      <SectionCard title={t`Students (${batch.enrolledCount})`}>
        <BatchRoster students={batch.enrolledStudents} empty={t`No students in this batch yet.`} />
      </SectionCard>
      <BatchLectures batchId={batch._id} canAdd />
      <BatchAttendanceHistory
        batchId={batch._id}
        studentHref={(studentId) => `/app/teacher/attendance/student?batchId=${encodeURIComponent(batch._id)}&studentId=${encodeURIComponent(studentId)}`}
      />
    </Stack>
  );
}

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const batch = useBatchDetail(id);
  // Another teacher's batch answers 404 like a missing one: both read "not found" here.
  const notFound = batch.error instanceof ApiError && (batch.error.status === 404 || batch.error.status === 403);

  return (
    <>
      <PageHeader
        title={t`Batch Details`}
        description={batch.data ? `${batch.data.name} · ${scheduleLabel(batch.data.schedule)}` : undefined}
        actions={
          batch.data ? (
            <Group gap="xs">
              <Button component={Link} to={markAttendanceHref(id)} leftSection={<IconChecklist size={18} aria-hidden="true" />}>
                <Trans>Mark attendance</Trans>
              </Button>
              <Button component={Link} to={`/app/teacher/batches/${encodeURIComponent(id)}/tests`} variant="light" leftSection={<IconListNumbers size={18} aria-hidden="true" />}>
                <Trans>Tests</Trans>
              </Button>
            </Group>
          ) : null
        }
      />
      {batch.isPending ? (
        <Skeleton h={420} radius="md" aria-hidden="true" />
      ) : notFound ? (
        <Stack gap="md" align="flex-start">
          <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Batch not found`}>
            <Trans>It does not exist, or it is not one of your batches.</Trans>
          </Alert>
          <Button component={Link} to="/app/teacher/batches" variant="light" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            <Trans>Back to your batches</Trans>
          </Button>
        </Stack>
      ) : batch.isError ? (
        <LoadErrorAlert title={t`The batch could not be loaded`} error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />
      ) : (
        <BatchSections batch={batch.data} />
      )}
    </>
  );
}
