import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconListNumbers, IconPencil, IconTrash, IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { SectionCard } from '../../../../components/ui/section-card';
import { BatchAttendanceHistory } from '../../../../features/attendance/components/batch-attendance-history';
import { BATCH_FAILURE, useBatchDetail, type BatchWithRoster } from '../../../../features/batches/api';
import { BatchFactsList, BatchScheduleFacts } from '../../../../features/batches/components/batch-overview';
import { BatchRoster } from '../../../../features/batches/components/batch-roster';
import { useConfirmDeleteBatch, useConfirmRemoveStudent } from '../../../../features/batches/components/use-batch-confirmations';
import { HistoryPanel } from '../../../../features/audit-log/components/history-panel';
import { scheduleLabel } from '../../../../features/batches/schedule-display';
import { Trans, useLingui } from '@lingui/react/macro';

function BatchSections({ batch }: { batch: BatchWithRoster }) {
  const { t } = useLingui();
  const confirmRemove = useConfirmRemoveStudent(batch);
  const full = batch.seatsLeft === 0;
  return (
    <Stack gap="lg">
      <SectionCard title={t`Overview`}>
        <BatchFactsList batch={batch} />
      </SectionCard>
      <SectionCard title={t`Schedule`}>
        <BatchScheduleFacts batch={batch} />
      </SectionCard>
      <SectionCard
        title={t`Students (${batch.enrolledCount})`}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={`/app/batches/${batch._id}/add-existing-student`}
              size="sm"
              variant="light"
              leftSection={<IconUsersPlus size={18} aria-hidden="true" />}
              disabled={full}
            >
              <Trans>Add existing student</Trans>
            </Button>
            <Button
              component={Link}
              to={`/app/students/create?batchId=${batch._id}`}
              size="sm"
              variant="light"
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
              disabled={full}
            >
              <Trans>Add new student</Trans>
            </Button>
          </Group>
        }
      >
        <BatchRoster
          students={batch.enrolledStudents}
          onRemove={confirmRemove}
          studentHref={(student) => `/app/students/${student._id}`}
          empty={t`No students yet. Add existing students or a new one.`}
        />
      </SectionCard>
      <BatchAttendanceHistory
        batchId={batch._id}
        studentHref={(studentId) => `/app/students/${encodeURIComponent(studentId)}?batchId=${encodeURIComponent(batch._id)}#attendance`}
      />
    </Stack>
  );
}

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const batch = useBatchDetail(id);
  const confirmDelete = useConfirmDeleteBatch(() => void navigate('/app/batches', { replace: true }));

  return (
    <>
      <PageHeader
        title={t`Batch Details`}
        description={batch.data ? `${batch.data.name} · ${scheduleLabel(batch.data.schedule)}` : undefined}
        actions={
          batch.data ? (
            <Group gap="xs">
              <Button component={Link} to={`/app/batches/${id}/tests`} variant="light" leftSection={<IconListNumbers size={18} aria-hidden="true" />}>
                <Trans>Tests</Trans>
              </Button>
              <Button component={Link} to={`/app/batches/${id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
                <Trans>Edit</Trans>
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => batch.data && confirmDelete(batch.data)}>
                <Trans>Delete</Trans>
              </Button>
            </Group>
          ) : null
        }
      />
      {batch.isPending ? (
        <Skeleton h={420} radius="md" aria-hidden="true" />
      ) : batch.isError ? (
        <LoadErrorAlert title={t`The batch could not be loaded`} error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />
      ) : (
        <Stack gap="lg">
          <BatchSections batch={batch.data} />
          <HistoryPanel entityId={id} />
        </Stack>
      )}
    </>
  );
}
