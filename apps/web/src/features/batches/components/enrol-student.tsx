import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Batch, LateJoinRule } from '@academy/shared/schemas/batches';
import { modals } from '../../../lib/modals';
import { normalizeError } from '../../../lib/api-client';
import { BATCH_FAILURES, useBatches, useEnrolStudents } from '../api';
import { bulkRefusalOf, onlyClashes, seatsLeftText } from '../add-students';
import { useLocalNames } from '../../../lib/public-settings';
import { searchEnglishToo } from '../../../lib/local-name-search';

type EnrolStudent = { _id: string; name: string; standard: { _id: string } | null; batches: { _id: string }[] };

/**
 * The question a late joiner's fees need (decision 039), drawn by the fees feature (features do not
 * import each other: the page that opens the dialog passes it in). Nothing when the batch has no
 * instalment already due.
 */
export type LateJoinQuestion = (props: { batch: Batch; value: LateJoinRule; onChange: (rule: LateJoinRule) => void }) => ReactNode;

/** Batches a student may join: not completed, not theirs already; their standard's first, then by name. */
export function batchChoices(batches: readonly Batch[], student: EnrolStudent): Batch[] {
  const theirs = new Set(student.batches.map((batch) => batch._id));
  const own = (batch: Batch) => (batch.standard._id === student.standard?._id ? 0 : 1);
  return batches.filter((batch) => batch.status !== 'completed' && !theirs.has(batch._id)).sort((a, b) => own(a) - own(b) || a.name.localeCompare(b.name));
}

/**
 * Enrols one student in a batch from their own page (issue 42): the same enrolment as the batch's
 * "Add students" (POST /batches/{id}/students, dues made by the batch's fee plan), a timetable clash
 * asked about before going ahead, any other refusal shown in the dialog.
 */
function EnrolStudentForm({ student, lateJoinQuestion }: { student: EnrolStudent; lateJoinQuestion?: LateJoinQuestion }) {
  const { t, i18n } = useLingui();
  const names = useLocalNames();
  const batches = useBatches();
  const [batchId, setBatchId] = useState<string | null>(null);
  const [lateJoin, setLateJoin] = useState<LateJoinRule>('shift');
  const [problem, setProblem] = useState<{ message: string; clash: boolean } | null>(null);
  const enrol = useEnrolStudents(batchId ?? '');
  const choices = batchChoices(batches.data ?? [], student);
  const chosen = choices.find((batch) => batch._id === batchId);

  const send = async (confirm: boolean) => {
    if (!chosen) return;
    setProblem(null);
    try {
      await enrol.mutateAsync({ studentIds: [student._id], confirm, lateJoin });
      notifications.show({ title: t`Enrolled`, message: t`${student.name} was enrolled in ${chosen.name}`, color: 'teal' });
      modals.closeAll();
    } catch (error) {
      const refused = bulkRefusalOf(error);
      if (refused) {
        const lines = [...refused.students, ...refused.clashes].map((line) => line.message);
        setProblem({ message: [refused.capacity, ...lines].filter(Boolean).join(' '), clash: !confirm && onlyClashes(refused) });
      } else {
        setProblem({ message: normalizeError(error, BATCH_FAILURES.enrolStudents).message, clash: false });
      }
    }
  };

  return (
    <Stack gap="sm">
      <Select
        label={t`Batch`}
        placeholder={batches.isPending ? t`Loading batches…` : t`Choose a batch`}
        data={choices.map((batch) => ({ value: batch._id, label: `${batch.name} · ${names.standard(batch.standard)} · ${names.subject(batch.subject)}` }))}
        filter={searchEnglishToo(new Map(choices.map((batch) => [batch._id, `${batch.name} · ${batch.standard.name} · ${batch.subject.name}`])))}
        searchable
        nothingFoundMessage={batches.isError ? t`Batches could not be loaded` : t`No batch to join`}
        value={batchId}
        onChange={(value) => {
          setBatchId(value);
          setProblem(null);
        }}
        data-autofocus
      />
      {chosen ? (
        <Text size="sm" c="dimmed">
          {seatsLeftText(chosen.seatsLeft, i18n)}. <Trans>The batch&apos;s fee plan makes the student&apos;s dues, shown under Fees.</Trans>
        </Text>
      ) : null}
      {chosen && lateJoinQuestion ? lateJoinQuestion({ batch: chosen, value: lateJoin, onChange: setLateJoin }) : null}
      {problem ? (
        <Alert color={problem.clash ? 'yellow' : 'red'} variant="light" role="alert" title={problem.clash ? t`Timetable clash` : t`Not enrolled`}>
          {problem.message}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => modals.closeAll()}>
          <Trans>Cancel</Trans>
        </Button>
        {problem?.clash ? (
          <Button color="yellow" loading={enrol.isPending} onClick={() => void send(true)}>
            <Trans>Enrol anyway</Trans>
          </Button>
        ) : (
          <Button disabled={!chosen || chosen.seatsLeft <= 0} loading={enrol.isPending} onClick={() => void send(false)}>
            <Trans>Enrol</Trans>
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Opens "Enrol in a batch" for one student; `lateJoinQuestion` asks how a late joiner pays fees already due. */
export function useEnrolStudentDialog(lateJoinQuestion?: LateJoinQuestion) {
  const { t } = useLingui();
  return (student: EnrolStudent) =>
    modals.open({ title: t`Enrol ${student.name} in a batch`, centered: true, children: <EnrolStudentForm student={student} lateJoinQuestion={lateJoinQuestion} /> });
}
