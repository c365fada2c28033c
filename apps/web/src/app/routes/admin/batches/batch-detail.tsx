import { Button, Group, Stack } from '@mantine/core';
import { IconListNumbers, IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailActions, DetailPage, SectionCard } from '../../../../components/detail-page';
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
    <DetailPage
      query={batch}
      title={t`Batch Details`}
      description={(data) => `${data.name} · ${scheduleLabel(data.schedule)}`}
      actions={(data) => (
        <DetailActions
          editTo={`/app/batches/${id}/edit`}
          onDelete={() => confirmDelete(data)}
          before={
            <Button component={Link} to={`/app/batches/${id}/tests`} variant="light" leftSection={<IconListNumbers size={18} aria-hidden="true" />}>
              <Trans>Tests</Trans>
            </Button>
          }
        />
      )}
      errorTitle={t`The batch could not be loaded`}
      errorFallback={BATCH_FAILURE}
      skeletonHeight={420}
    >
      {(data) => (
        <>
          <BatchSections batch={data} />
          <HistoryPanel entityId={id} />
        </>
      )}
    </DetailPage>
  );
}
