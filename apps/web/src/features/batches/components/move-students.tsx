import { Alert, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { batchMoveInputSchema, type Batch, type EnrolledStudent } from '@academy/shared/schemas/batches';
import { modals } from '../../../lib/modals';
import { useEntityForm } from '../../../lib/use-entity-form';
import { BATCH_FAILURES, BATCHES_FAILURE, useBatches, useMoveStudents, type BatchWithRoster } from '../api';
import { bulkRefusalOf, onlyClashes, problemLine, seatsLeftText, type StudentProblem } from '../add-students';
import { scheduleLabel } from '../../../lib/schedule-display';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { useLocalNames } from '../../../lib/public-settings';
import type { LocalNamesIn } from '@academy/shared/academy-words';
import { FormButtons } from '../../../components/ui/form-buttons';
import { ClashLines, ProblemLines } from './problem-lines';

type Target = Pick<Batch, '_id' | 'name' | 'standard' | 'schedule' | 'seatsLeft' | 'status'>;

/**
 * The batches a group may move to, as the dialog's choices: not this one and not a finished one, those
 * of this batch's standard first (by name; the group named in the reader's language), each with its
 * times and seats left.
 */
export function moveTargets(batches: readonly Target[], from: Pick<Batch, '_id' | 'standard'>, otherLabel: string, names: LocalNamesIn, i18n?: I18n) {
  const open = batches.filter((batch) => batch._id !== from._id && batch.status !== 'completed').sort((a, b) => a.name.localeCompare(b.name));
  const option = (batch: Target) => ({ value: batch._id, label: `${batch.name} · ${scheduleLabel(batch.schedule)} · ${seatsLeftText(batch.seatsLeft, i18n)}` });
  const same = open.filter((batch) => batch.standard._id === from.standard._id).map(option);
  const others = open.filter((batch) => batch.standard._id !== from.standard._id).map(option);
  return [...(same.length ? [{ group: names.standard(from.standard), items: same }] : []), ...(others.length ? [{ group: otherLabel, items: others }] : [])];
}

interface MoveStudentsFormProps {
  batch: BatchWithRoster;
  students: EnrolledStudent[];
  onMoved: () => void;
}

/**
 * The move's form and its save: a timetable clash keeps the clashes to confirm ("Move anyway"), any other
 * refusal keeps a line per student (`problems`); nobody is moved then.
 */
function useMoveStudentsForm({ batch, students, onMoved }: MoveStudentsFormProps) {
  const { t } = useLingui();
  const move = useMoveStudents(batch._id);
  const studentNames = new Map(students.map((student) => [student._id, student.name]));
  // The office confirmed the timetable clashes the server named: the next try goes ahead anyway.
  const confirmRef = useRef(false);
  const [clashes, setClashes] = useState<StudentProblem[]>([]);
  const [problems, setProblems] = useState<string[]>([]);

  const { form, onSubmit, saving, formError } = useEntityForm({
    initialValues: { toBatchId: '', cancelDues: false },
    schema: batchMoveInputSchema,
    toInput: (values) => ({ studentIds: students.map((student) => student._id), toBatchId: values.toBatchId, cancelDues: values.cancelDues }),
    save: (values) => {
      setProblems([]);
      return move.mutateAsync({ studentIds: students.map((student) => student._id), toBatchId: values.toBatchId, cancelDues: values.cancelDues, confirm: confirmRef.current });
    },
    onSaved: ({ data }) => {
      notifications.show({
        title: t`Students moved`,
        message: t`${plural(data.moved, { one: '# student moved', other: '# students moved' })} to ${data.toBatch.name}`,
        color: 'teal',
      });
      modals.closeAll();
      onMoved();
    },
    onFailed: (error) => {
      confirmRef.current = false;
      setClashes([]);
      const refused = bulkRefusalOf(error);
      if (!refused) return;
      if (onlyClashes(refused)) {
        setClashes(refused.clashes);
        return;
      }
      setProblems([...(refused.capacity ? [refused.capacity] : []), ...[...refused.students, ...refused.clashes].map((problem) => problemLine(problem, studentNames.get(problem.studentId)))]);
    },
    failure: BATCH_FAILURES.moveStudents,
    leaveGuard: false,
  });

  const moveAnyway = () => {
    confirmRef.current = true;
    onSubmit();
  };

  return { form, onSubmit, saving, formError, clashes, problems, studentNames, moveAnyway };
}

function MoveStudentsForm({ batch, students, onMoved }: MoveStudentsFormProps) {
  const { t, i18n } = useLingui();
  const batches = useBatches();
  const names = useLocalNames();
  const { form, onSubmit, saving, formError, clashes, problems, studentNames, moveAnyway } = useMoveStudentsForm({ batch, students, onMoved });
  const targets = moveTargets(batches.data ?? [], batch, t`Other batches`, names, i18n);
  const firstNames = students
    .slice(0, 3)
    .map((student) => student.name)
    .join(', ');
  const othersCount = students.length - 3;

  if (batches.isError) {
    return <LoadErrorAlert title={t`The batches could not be loaded`} error={batches.error} fallback={BATCHES_FAILURE} onRetry={() => void batches.refetch()} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {students.length <= 3 ? students.map((student) => student.name).join(', ') : t`${firstNames} and ${othersCount} more`}
        </Text>
        <Select
          label={t`Move to`}
          placeholder={batches.isPending ? t`Loading batches…` : t`Choose a batch`}
          data={targets}
          searchable
          nothingFoundMessage={t`No batch matches`}
          disabled={batches.isPending}
          comboboxProps={{ withinPortal: true }}
          key={form.key('toBatchId')}
          {...form.getInputProps('toBatchId')}
          data-autofocus
        />
        <Checkbox
          label={t`Cancel their unpaid dues of this batch`}
          description={t`Only dues with nothing paid yet are cancelled.`}
          key={form.key('cancelDues')}
          {...form.getInputProps('cancelDues', { type: 'checkbox' })}
        />
        <Text size="sm" c="dimmed">
          <Trans>Their attendance, marks and receipts of {batch.name} are kept.</Trans>
        </Text>
        {clashes.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={t`Timetable clash`} role="alert">
            <Stack gap={6}>
              <ClashLines clashes={clashes} nameOf={(studentId) => studentNames.get(studentId)} />
              <Group>
                <Button size="xs" color="orange" onClick={moveAnyway} loading={saving}>
                  <Trans>Move anyway</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {problems.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Nobody was moved`} role="alert">
            <ProblemLines lines={problems} />
          </Alert>
        ) : null}
        {formError ? (
          <Alert color="red" variant="light" title={t`Nobody was moved`} role="alert">
            {formError}
          </Alert>
        ) : null}
        <FormButtons cancel={{ onClick: () => modals.closeAll() }} submitLabel={plural(students.length, { one: 'Move # student', other: 'Move # students' })} saving={saving} gap="xs" />
      </Stack>
    </form>
  );
}

/** Opens the "Move to another batch" dialog for the chosen students of `batch`. */
export function useMoveStudentsDialog(batch: BatchWithRoster) {
  const { t } = useLingui();
  return (students: EnrolledStudent[], onMoved: () => void) =>
    modals.open({
      title: t`Move to another batch`,
      centered: true,
      children: <MoveStudentsForm batch={batch} students={students} onMoved={onMoved} />,
    });
}
