import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { StudentListItem } from '@academy/shared/schemas/students';
import type { LateJoinRule } from '@academy/shared/schemas/batches';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { normalizeError } from '../../../lib/api-client';
import { STUDENT_FAILURES, useStudents } from '../../students/api';
import { BATCH_FAILURES, useEnrolStudents, type BatchWithRoster } from '../api';
import { bulkRefusalOf, candidateGroups, onlyClashes, problemLine, seatsLeftText, toggleAllShown, type StudentProblem } from '../add-students';
import { scheduleLabel } from '../../../lib/schedule-display';
import { ClashLines, ProblemLines } from './problem-lines';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** How many students one search shows per group; a search narrows it down. */
const SHOWN = 100;

function StudentOption({ student, checked, disabled, problem, onToggle }: { student: StudentListItem; checked: boolean; disabled: boolean; problem?: string; onToggle: () => void }) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      px="sm"
      py={10}
      bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
      style={problem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Checkbox
        checked={checked}
        disabled={disabled}
        onChange={onToggle}
        aria-label={student.name}
        label={
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {student.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {[student.standard ? names.standard(student.standard) : t`No standard`, student.email ?? student.studentCode].join(' · ')}
            </Text>
            {student.batches.length > 0 ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t`In ${student.batches.map((batch) => batch.name).join(', ')}`}
              </Text>
            ) : null}
            {problem ? (
              <Text size="xs" c="red" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {problem}
              </Text>
            ) : null}
          </Stack>
        }
        styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { minWidth: 0 } }}
      />
    </Paper>
  );
}

interface OptionGroupProps {
  title: string;
  students: StudentListItem[];
  selected: Map<string, StudentListItem>;
  full: boolean;
  problems: ReadonlyMap<string, string>;
  onToggle: (student: StudentListItem) => void;
}

function OptionGroup({ title, students, selected, full, problems, onToggle }: OptionGroupProps) {
  if (students.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {title}
      </Title>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
        {students.map((student) => {
          const checked = selected.has(student._id);
          return (
            <StudentOption key={student._id} student={student} checked={checked} disabled={!checked && full} problem={problems.get(student._id)} onToggle={() => onToggle(student)} />
          );
        })}
      </Stack>
    </Stack>
  );
}

type Refusal = { lines: string[]; problems: Map<string, string>; hint: string | null };

/** The ticked students, ticked and unticked one by one or all shown at once. */
function useStudentSelection() {
  const [selected, setSelected] = useState<Map<string, StudentListItem>>(new Map());
  const toggle = (student: StudentListItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(student._id)) next.delete(student._id);
      else next.set(student._id, student);
      return next;
    });
  const untick = (studentIds: readonly string[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const studentId of studentIds) next.delete(studentId);
      return next;
    });
  return { selected, setSelected, toggle, untick };
}

/**
 * The enrolment of the ticked students in one request: a timetable clash asks to confirm; any other
 * refusal is kept (`refusal`) to show above the list and on each row, and who cannot join is unticked.
 */
function useEnrolTicked(batch: BatchWithRoster, lateJoin: LateJoinRule | undefined, selection: ReturnType<typeof useStudentSelection>) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { selected, untick } = selection;
  // The last refusal: its lines above the list, and each student's reason on their row.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const enrol = useEnrolStudents(batch._id);

  /** The refusal on screen: a line per student above the list (scrolled into view) and on each row. */
  const showProblems = (problems: StudentProblem[], extra: string[], hint: string | null) => {
    const lines = [...extra, ...problems.map((problem) => problemLine(problem, selected.get(problem.studentId)?.name))];
    setRefusal({ lines, problems: new Map(problems.map((problem) => [problem.studentId, problem.message])), hint });
    requestAnimationFrame(() => refusalRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const send = async (confirm: boolean) => {
    setRefusal(null);
    try {
      const { data } = await enrol.mutateAsync({ studentIds: [...selected.keys()], confirm, lateJoin });
      notifications.show({
        title: batch.name,
        message:
          data.alreadyIn > 0
            ? t`${plural(data.enrolled, { one: '# student enrolled', other: '# students enrolled' })}; ${plural(data.alreadyIn, { one: '# was in the batch already', other: '# were in the batch already' })}`
            : plural(data.enrolled, { one: '# student enrolled', other: '# students enrolled' }),
        color: 'teal',
      });
      void navigate(`/app/batches/${batch._id}`);
    } catch (error) {
      const refused = bulkRefusalOf(error);
      if (!refused) {
        notifications.show({ title: t`Nothing was enrolled`, message: normalizeError(error, BATCH_FAILURES.enrolStudents).message, color: 'red' });
        return;
      }
      if (!confirm && onlyClashes(refused)) {
        askToConfirm(refused.clashes);
        return;
      }
      showProblems([...refused.students, ...refused.clashes], refused.capacity ? [refused.capacity] : [], refused.students.length > 0 ? t`Those who cannot join were unticked: tap Enrol again for the others.` : null);
      // A student who cannot join (archived, gone) may no longer be on the list to untick: untick them here.
      if (refused.students.length > 0) untick(refused.students.map((problem) => problem.studentId));
    }
  };

  const askToConfirm = (clashes: StudentProblem[]) =>
    modals.openConfirmModal({
      title: t`Timetable clash`,
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">{clashes.length === 1 ? t`This student already has a class at that time:` : t`These students already have a class at that time:`}</Text>
          <ClashLines clashes={clashes} nameOf={(studentId) => selected.get(studentId)?.name} />
          <Text size="sm">{clashes.length === 1 ? t`Enrol them anyway?` : t`Enrol them all anyway?`}</Text>
        </Stack>
      ),
      labels: { confirm: t`Enrol anyway`, cancel: t`Cancel` },
      onConfirm: () => void send(true),
      // Nothing was enrolled: the clashing students are marked, to untick or to confirm next time.
      onCancel: () => showProblems(clashes, [], t`Untick them, or enrol again and confirm.`),
    });

  return { refusal, refusalRef, send, enrolling: enrol.isPending };
}

/** The batch being filled: its name, standard, subject and times, and the seats left as students are ticked. */
function BatchSeatsCard({ batch, seatsLeft }: { batch: BatchWithRoster; seatsLeft: number }) {
  const { i18n } = useLingui();
  const names = useLocalNames();
  const full = seatsLeft <= 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text fw={600}>{batch.name}</Text>
          <Text size="sm" c="dimmed">
            {names.standard(batch.standard)} · {names.subject(batch.subject)} · {scheduleLabel(batch.schedule)}
          </Text>
        </Stack>
        <Badge size="lg" variant="light" color={full ? 'orange' : 'teal'} tt="none" aria-live="polite">
          {seatsLeftText(seatsLeft, i18n)}
        </Badge>
      </Group>
    </Paper>
  );
}

/** Why nothing was enrolled: a line per student (or the seats), and what to do next. */
function RefusalAlert({ refusal, refusalRef }: { refusal: Refusal; refusalRef: React.RefObject<HTMLDivElement | null> }) {
  const { t } = useLingui();
  return (
    <Alert ref={refusalRef} color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Nothing was enrolled`} role="alert">
      <Stack gap={6}>
        <ProblemLines lines={refusal.lines} />
        {refusal.hint ? <Text size="sm">{refusal.hint}</Text> : null}
      </Stack>
    </Alert>
  );
}

/** The active students not in the batch who match `term`: those of the batch's standard first, each once. */
function useCandidates(batch: BatchWithRoster, term: string) {
  const query = { status: 'active', search: term, limit: String(SHOWN), sort: 'name' };
  const sameStandard = useStudents({ ...query, standardId: batch.standard._id });
  const everyone = useStudents(query);
  const enrolledIds = new Set(batch.enrolledStudents.map((student) => student._id));
  const groups = candidateGroups(sameStandard.data?.students ?? [], everyone.data?.students ?? [], enrolledIds);
  return { sameStandard, everyone, groups, fetching: everyone.isFetching || sameStandard.isFetching };
}

/** The students who may join, found by `term`: those of the batch's standard first, with "Select all shown". */
function CandidateList({ batch, term, candidates, selection, full, problems }: { batch: BatchWithRoster; term: string; candidates: ReturnType<typeof useCandidates>; selection: ReturnType<typeof useStudentSelection>; full: boolean; problems: ReadonlyMap<string, string> }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const { selected, setSelected, toggle } = selection;
  const { sameStandard, everyone, groups } = candidates;
  const shown = [...groups.matching, ...groups.others];
  const allShownTicked = shown.length > 0 && shown.every((student) => selected.has(student._id));
  const someShownTicked = shown.some((student) => selected.has(student._id));
  const more = (everyone.data?.pagination.total ?? 0) > SHOWN;
  const loadError = sameStandard.error ?? everyone.error;

  if (sameStandard.isPending || everyone.isPending) {
    return (
      <Group justify="center" py="lg">
        <Loader aria-label={t`Loading students`} />
      </Group>
    );
  }
  if (loadError) {
    return (
      <LoadErrorAlert
        title={t`Students could not be loaded`}
        error={loadError}
        fallback={STUDENT_FAILURES.fetch}
        onRetry={() => {
          void sameStandard.refetch();
          void everyone.refetch();
        }}
      />
    );
  }
  if (shown.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {term ? t`No student who is not in this batch matches this search.` : t`Every active student is already in this batch.`}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <Checkbox
        checked={allShownTicked}
        indeterminate={someShownTicked && !allShownTicked}
        onChange={() => setSelected((current) => toggleAllShown(current, shown))}
        label={t`Select all shown (${shown.length})`}
        fw={600}
      />
      <OptionGroup title={t`${names.standard(batch.standard)} students`} students={groups.matching} selected={selected} full={full} problems={problems} onToggle={toggle} />
      <OptionGroup title={t`Other students`} students={groups.others} selected={selected} full={full} problems={problems} onToggle={toggle} />
      {more ? (
        <Text size="sm" c="dimmed">
          <Trans>Showing the first {SHOWN} students; search to find others.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** Stays at the bottom of the screen while a long list scrolls: the action is always in reach. */
function EnrolBar({ batch, count, tooMany, enrolling, onEnrol }: { batch: BatchWithRoster; count: number; tooMany: number; enrolling: boolean; onEnrol: () => void }) {
  const { t } = useLingui();
  return (
    <Stack
      gap={6}
      pos="sticky"
      bottom={0}
      py="sm"
      style={{ background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 2 }}
    >
      {tooMany > 0 ? (
        <Text size="sm" c="orange.8" fw={500} role="status">
          {plural(tooMany, { one: 'Not enough seats: untick # student', other: 'Not enough seats: untick # students' })}
        </Text>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {count === 0 ? t`No student chosen` : plural(count, { one: '# student chosen', other: '# students chosen' })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" component={Link} to={`/app/batches/${batch._id}`}>
            <Trans>Back to batch</Trans>
          </Button>
          <Button onClick={onEnrol} disabled={count === 0 || tooMany > 0} loading={enrolling}>
            {count === 0 ? t`Enrol students` : plural(count, { one: 'Enrol # student', other: 'Enrol # students' })}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * Picks active students who are not in the batch (those of the batch's standard first) and enrols
 * them all in one request (all or none: POST /batches/{id}/students). Seats left count down as students
 * are ticked; "Select all shown" ticks the whole list. A timetable clash asks to confirm; any other
 * refusal names each student, on the list and above it, and nothing is enrolled. `children`: what the
 * route asks beside (how late joiners pay the batch's fees, `lateJoin`), under the batch's name.
 */
export function AddExistingStudents({ batch, lateJoin, children }: { batch: BatchWithRoster; lateJoin?: LateJoinRule; children?: ReactNode }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const selection = useStudentSelection();
  const { refusal, refusalRef, send, enrolling } = useEnrolTicked(batch, lateJoin, selection);
  const count = selection.selected.size;
  const seatsLeft = batch.seatsLeft - count;
  const tooMany = -Math.min(seatsLeft, 0);
  const candidates = useCandidates(batch, term);

  return (
    <Stack gap="md" maw={760}>
      <BatchSeatsCard batch={batch} seatsLeft={seatsLeft} />

      {children}

      <TextInput
        label={t`Search students`}
        placeholder={t`Name, email or phone`}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={candidates.fetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />

      {refusal ? <RefusalAlert refusal={refusal} refusalRef={refusalRef} /> : null}

      <CandidateList batch={batch} term={term} candidates={candidates} selection={selection} full={seatsLeft <= 0} problems={refusal?.problems ?? EMPTY} />

      <EnrolBar batch={batch} count={count} tooMany={tooMany} enrolling={enrolling} onEnrol={() => void send(false)} />
    </Stack>
  );
}

const EMPTY: ReadonlyMap<string, string> = new Map();
