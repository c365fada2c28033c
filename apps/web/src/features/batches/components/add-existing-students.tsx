import { Alert, Badge, Button, Checkbox, Group, List, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { StudentListItem } from '@academy/shared/schemas/students';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { normalizeError } from '../../../lib/api-client';
import { STUDENT_FAILURES, useStudents } from '../../students/api';
import { BATCH_FAILURES, useAddStudentToBatch, type BatchWithRoster } from '../api';
import { candidateGroups, clashOf, seatsLeftText, toEnrolledStudent } from '../add-students';
import { scheduleLabel } from '../schedule-display';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** How many students one search shows per group; a search narrows it down. */
const SHOWN = 100;

interface Failure {
  student: StudentListItem;
  message: string;
}

function StudentOption({ student, checked, disabled, onToggle }: { student: StudentListItem; checked: boolean; disabled: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={10} bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
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
              {[student.standard?.name ?? t`No standard`, student.email ?? student.studentCode].join(' · ')}
            </Text>
            {student.batches.length > 0 ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t`In ${student.batches.map((batch) => batch.name).join(', ')}`}
              </Text>
            ) : null}
          </Stack>
        }
        styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { minWidth: 0 } }}
      />
    </Paper>
  );
}

function OptionGroup({ title, students, selected, full, onToggle }: { title: string; students: StudentListItem[]; selected: Map<string, StudentListItem>; full: boolean; onToggle: (student: StudentListItem) => void }) {
  if (students.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {title}
      </Title>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
        {students.map((student) => {
          const checked = selected.has(student._id);
          return <StudentOption key={student._id} student={student} checked={checked} disabled={!checked && full} onToggle={() => onToggle(student)} />;
        })}
      </Stack>
    </Stack>
  );
}

/**
 * Picks active students who are not in the batch (those of the batch's standard first) and enrols
 * them together. Seats left count down as students are ticked. A student who already has a class
 * at that time is enrolled only after the admin confirms.
 */
export function AddExistingStudents({ batch }: { batch: BatchWithRoster }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<Map<string, StudentListItem>>(new Map());
  const [failures, setFailures] = useState<Failure[]>([]);
  const [saving, setSaving] = useState(false);
  const add = useAddStudentToBatch(batch._id);

  const query = { status: 'active', search: term, limit: String(SHOWN), sort: 'name' };
  const sameStandard = useStudents({ ...query, standardId: batch.standard._id });
  const everyone = useStudents(query);
  const enrolledIds = new Set(batch.enrolledStudents.map((student) => student._id));
  const groups = candidateGroups(sameStandard.data?.students ?? [], everyone.data?.students ?? [], enrolledIds);

  // While the adds run, the roster already counts the added students: count the others only.
  const seatsLeft = batch.seatsLeft - [...selected.keys()].filter((id) => !enrolledIds.has(id)).length;
  const full = seatsLeft <= 0;
  const more = (everyone.data?.pagination.total ?? 0) > SHOWN;

  const toggle = (student: StudentListItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(student._id)) next.delete(student._id);
      else next.set(student._id, student);
      return next;
    });

  /** Enrols each student in turn; returns those who clash (to confirm) and those refused. */
  const enrol = async (students: StudentListItem[], confirm: boolean) => {
    const added: StudentListItem[] = [];
    const clashes: { student: StudentListItem; clash: string; message: string }[] = [];
    const refused: Failure[] = [];
    for (const student of students) {
      try {
        await add.mutateAsync({ student: toEnrolledStudent(student), confirm });
        added.push(student);
      } catch (error) {
        const clash = confirm ? undefined : clashOf(error);
        const message = normalizeError(error, BATCH_FAILURES.addStudent).message;
        if (clash) clashes.push({ student, clash, message });
        else refused.push({ student, message });
      }
    }
    return { added, clashes, refused };
  };

  const finish = (added: StudentListItem[], refused: Failure[]) => {
    setSaving(false);
    setFailures(refused);
    setSelected((current) => {
      const next = new Map(current);
      for (const student of added) next.delete(student._id);
      return next;
    });
    if (added.length > 0) {
      notifications.show({
        title: added.length === 1 ? t`Student added` : t`Students added`,
        message: added.length === 1 ? t`${added[0]!.name} joined ${batch.name}` : t`${added.length} students joined ${batch.name}`,
        color: 'teal',
      });
    }
    if (refused.length === 0 && added.length > 0) void navigate(`/app/batches/${batch._id}`);
  };

  const submit = async () => {
    setSaving(true);
    setFailures([]);
    const first = await enrol([...selected.values()], false);
    if (first.clashes.length === 0) {
      finish(first.added, first.refused);
      return;
    }
    modals.openConfirmModal({
      title: t`Timetable clash`,
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">{first.clashes.length === 1 ? t`This student already has a class at that time:` : t`These students already have a class at that time:`}</Text>
          <List size="sm" spacing={4}>
            {first.clashes.map(({ student, message }) => (
              <List.Item key={student._id}>{message}</List.Item>
            ))}
          </List>
          <Text size="sm">{first.clashes.length === 1 ? t`Enrol them anyway?` : t`Enrol them all anyway?`}</Text>
        </Stack>
      ),
      labels: { confirm: t`Enrol anyway`, cancel: t`Skip` },
      onConfirm: () =>
        void enrol(
          first.clashes.map((item) => item.student),
          true,
        ).then((second) => finish([...first.added, ...second.added], [...first.refused, ...second.refused])),
      onCancel: () =>
        finish(first.added, [...first.refused, ...first.clashes.map(({ student, clash }) => ({ student, message: t`Not enrolled: already has "${clash}" at that time` }))]),
    });
  };

  const loading = sameStandard.isPending || everyone.isPending;
  const loadError = sameStandard.error ?? everyone.error;

  return (
    <Stack gap="md" maw={760}>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>{batch.name}</Text>
            <Text size="sm" c="dimmed">
              {batch.standard.name} · {batch.subject.name} · {scheduleLabel(batch.schedule)}
            </Text>
          </Stack>
          <Badge size="lg" variant="light" color={full ? 'orange' : 'teal'} tt="none" aria-live="polite">
            {seatsLeftText(seatsLeft, i18n)}
          </Badge>
        </Group>
      </Paper>

      <TextInput
        label={t`Search students`}
        placeholder={t`Name, email or phone`}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={everyone.isFetching || sameStandard.isFetching ? <Loader size="xs" /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />

      {failures.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Not every student was added`} role="alert">
          <List size="sm" spacing={4}>
            {failures.map(({ student, message }) => (
              <List.Item key={student._id}>
                <strong>{student.name}</strong>: {message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      {loading ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t`Loading students`} />
        </Group>
      ) : loadError ? (
        <LoadErrorAlert
          title={t`Students could not be loaded`}
          error={loadError}
          fallback={STUDENT_FAILURES.fetch}
          onRetry={() => {
            void sameStandard.refetch();
            void everyone.refetch();
          }}
        />
      ) : groups.matching.length === 0 && groups.others.length === 0 ? (
        <Text c="dimmed" py="md">
          {term ? t`No student who is not in this batch matches this search.` : t`Every active student is already in this batch.`}
        </Text>
      ) : (
        <Stack gap="md">
          <OptionGroup title={t`${batch.standard.name} students`} students={groups.matching} selected={selected} full={full} onToggle={toggle} />
          <OptionGroup title={t`Other students`} students={groups.others} selected={selected} full={full} onToggle={toggle} />
          {more ? (
            <Text size="sm" c="dimmed">
              <Trans>Showing the first {SHOWN} students; search to find others.</Trans>
            </Text>
          ) : null}
        </Stack>
      )}

      <Group
        justify="space-between"
        gap="sm"
        pos="sticky"
        bottom={0}
        py="sm"
        style={{ background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 1 }}
      >
        <Text size="sm" c="dimmed">
          {selected.size === 0 ? t`No student chosen` : plural(selected.size, { one: '# student chosen', other: '# students chosen' })}
        </Text>
        <Group gap="xs">
          <Button variant="default" component={Link} to={`/app/batches/${batch._id}`}>
            <Trans>Back to batch</Trans>
          </Button>
          <Button onClick={() => void submit()} disabled={selected.size === 0} loading={saving}>
            {selected.size > 1 ? t`Add ${selected.size} students` : t`Add student`}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
