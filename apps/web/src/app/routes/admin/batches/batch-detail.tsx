import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconPencil, IconTrash, IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
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

function BatchSections({ batch }: { batch: BatchWithRoster }) {
  const confirmRemove = useConfirmRemoveStudent(batch);
  const full = batch.seatsLeft === 0;
  return (
    <Stack gap="lg">
      <SectionCard title="Overview">
        <BatchFactsList batch={batch} />
      </SectionCard>
      <SectionCard title="Schedule">
        <BatchScheduleFacts batch={batch} />
      </SectionCard>
      <SectionCard
        title={`Students (${batch.enrolledCount})`}
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
              Add existing student
            </Button>
            <Button
              component={Link}
              to={`/app/students/create?batchId=${batch._id}`}
              size="sm"
              variant="light"
              leftSection={<IconUserPlus size={18} aria-hidden="true" />}
              disabled={full}
            >
              Add new student
            </Button>
          </Group>
        }
      >
        <BatchRoster
          students={batch.enrolledStudents}
          onRemove={confirmRemove}
          studentHref={(student) => `/app/students/${student._id}`}
          empty="No students yet. Add existing students or a new one."
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
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const batch = useBatchDetail(id);
  const confirmDelete = useConfirmDeleteBatch(() => void navigate('/app/batches', { replace: true }));

  return (
    <>
      <PageHeader
        title="Batch Details"
        description={batch.data ? `${batch.data.name} · ${batch.data.scheduleText}` : undefined}
        actions={
          batch.data ? (
            <Group gap="xs">
              <Button component={Link} to={`/app/batches/${id}/edit`} variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />}>
                Edit
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={() => batch.data && confirmDelete(batch.data)}>
                Delete
              </Button>
            </Group>
          ) : null
        }
      />
      {batch.isPending ? (
        <Skeleton h={420} radius="md" aria-hidden="true" />
      ) : batch.isError ? (
        <LoadErrorAlert title="The batch could not be loaded" error={batch.error} fallback={BATCH_FAILURE} onRetry={() => void batch.refetch()} />
      ) : (
        <Stack gap="lg">
          <BatchSections batch={batch.data} />
          <HistoryPanel entityId={id} />
        </Stack>
      )}
    </>
  );
}
