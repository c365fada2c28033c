import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconListNumbers, IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailActions, DetailPage, SectionCard } from '../../../components/detail-page';
import { BatchAttendanceHistory } from '../../../features/attendance/components/batch-attendance-history';
import { BATCH_FAILURE, useBatchDetail, type BatchWithRoster } from '../../../features/batches/api';
import { BatchFactsList, BatchScheduleFacts } from '../../../features/batches/components/batch-overview';
import { BatchRoster } from '../../../features/batches/components/batch-roster';
import { useConfirmDeleteBatch, useConfirmRemoveStudent } from '../../../features/batches/components/use-batch-confirmations';
import { useMoveStudentsDialog } from '../../../features/batches/components/move-students';
import { HistoryPanel } from '../../../features/audit-log/components/history-panel';
import { scheduleLabel } from '../../../lib/schedule-display';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** The students ticked on the roster (one moved or removed meanwhile drops out), to move together. */
function useRosterSelection(batch: BatchWithRoster) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const chosen = batch.enrolledStudents.filter((student) => ticked.has(student._id));
  const selected = new Set(chosen.map((student) => student._id));
  const allChosen = chosen.length > 0 && chosen.length === batch.enrolledStudents.length;
  const toggle = (id: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { chosen, selected, allChosen, toggle, setTicked };
}

type RosterSelection = ReturnType<typeof useRosterSelection>;

function BatchSections({ batch }: { batch: BatchWithRoster }) {
  const { t } = useLingui();
  return (
    <Stack gap="lg">
      <SectionCard title={t`Overview`}>
        <BatchFactsList batch={batch} />
      </SectionCard>
      <SectionCard title={t`Schedule`}>
        <BatchScheduleFacts batch={batch} />
      </SectionCard>
      <BatchStudents batch={batch} />
      <BatchAttendanceHistory
        batchId={batch._id}
        studentHref={(studentId) => `/app/students/${encodeURIComponent(studentId)}?batchId=${encodeURIComponent(batch._id)}#attendance`}
      />
    </Stack>
  );
}

/** The roster with its ways in (add a student) and out (remove, move the ticked ones). */
function BatchStudents({ batch }: { batch: BatchWithRoster }) {
  const { t } = useLingui();
  const confirmRemove = useConfirmRemoveStudent(batch);
  const selection = useRosterSelection(batch);
  const { selected, toggle } = selection;
  return (
    <SectionCard title={t`Students (${batch.enrolledCount})`} actions={<AddStudentButtons batch={batch} />}>
      <BatchRoster
        students={batch.enrolledStudents}
        onRemove={confirmRemove}
        studentHref={(student) => `/app/students/${student._id}`}
        selection={{ selected, onToggle: (student) => toggle(student._id) }}
        empty={t`No students yet. Add existing students or a new one.`}
      />
      {batch.enrolledStudents.length > 0 ? <MoveChosenBar batch={batch} selection={selection} /> : null}
    </SectionCard>
  );
}

function AddStudentButtons({ batch }: { batch: BatchWithRoster }) {
  const full = batch.seatsLeft === 0;
  return (
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
  );
}

/** Below the roster and sticky: on a phone the action stays in reach while a long roster scrolls. */
function MoveChosenBar({ batch, selection }: { batch: BatchWithRoster; selection: RosterSelection }) {
  const { t } = useLingui();
  const openMove = useMoveStudentsDialog(batch);
  const { chosen, allChosen, setTicked } = selection;
  return (
  <Group
    justify="space-between"
    gap="xs"
    pos="sticky"
    bottom={0}
    py="xs"
    style={{ background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
  >
    <Checkbox
      checked={allChosen}
      indeterminate={chosen.length > 0 && !allChosen}
      onChange={() => setTicked(allChosen ? new Set() : new Set(batch.enrolledStudents.map((student) => student._id)))}
      label={
        chosen.length === 0 ? (
          t`Select all`
        ) : (
          <Text span size="sm" fw={600}>
            {plural(chosen.length, { one: '# student chosen', other: '# students chosen' })}
          </Text>
        )
      }
      aria-label={t`Select all students`}
    />
    <Button
      size="sm"
      variant="light"
      leftSection={<IconArrowsExchange size={18} aria-hidden="true" />}
      disabled={chosen.length === 0}
      onClick={() => openMove(chosen, () => setTicked(new Set()))}
    >
      <Trans>Move to another batch</Trans>
    </Button>
  </Group>
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
