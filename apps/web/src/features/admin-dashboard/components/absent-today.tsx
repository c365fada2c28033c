import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PlainCheckbox } from '../../../components/ui/plain-checkbox';
import { AbsenceReasonNote } from '../../../components/ui/absence-reason-note';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatTime } from '../../../lib/format-date';
import { StudentPhone } from '../../../components/ui/student-phone';
import { useAbsentToday, useSetAbsenceCalled, useSetAbsenceExcused } from '../api';
import type { AbsentToday as AbsentTodayList } from '@academy/shared/schemas/absence-calls';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

/**
 * Who is absent today, with the batches they missed and the parent's phone to tap, and the office's
 * "called" tick so two people at the desk do not call the same family twice.
 */
export function AbsentToday() {
  const { t } = useLingui();
  const absent = useAbsentToday();
  const setCalled = useSetAbsenceCalled();
  const setExcused = useSetAbsenceExcused();
  const waiting = absent.data?.students.filter((student) => !student.called).length ?? 0;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="absent-today-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="absent-today-title" style={{ scrollMarginTop: 80 }}>
            {absent.data ? t`Absent today (${formatDate(absent.data.date)})` : t`Absent today`}
          </Title>
          {absent.data && absent.data.students.length > 0 ? (
            // Written as it reads beside Call today's "1 to call" (issue 54: "1 TO CALL" in capitals).
            <Badge variant="light" color={waiting === 0 ? 'teal' : 'orange'} tt="none">
              {waiting === 0 ? t`All called` : plural(waiting, { one: '# not called yet', other: '# not called yet' })}
            </Badge>
          ) : null}
        </Group>
        {absent.isPending ? (
          <Skeleton h={120} radius="md" aria-hidden="true" />
        ) : absent.isError ? (
          <LoadErrorAlert title={t`The absent list could not be loaded`} error={absent.error} fallback={t`Failed to load today's absent students`} onRetry={() => void absent.refetch()} />
        ) : absent.data.students.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nobody is marked absent today.</Trans>
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Absent students`}>
            {absent.data.students.map((student) => (
              <AbsentStudentRow key={student._id} student={student} setCalled={setCalled} setExcused={setExcused} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

type AbsentStudent = AbsentTodayList['students'][number];
type SetCalled = ReturnType<typeof useSetAbsenceCalled>;
type SetExcused = ReturnType<typeof useSetAbsenceExcused>;

/** One absent student: the batches missed, whom to call, the family's reason, and the "called" tick. */
function AbsentStudentRow({ student, setCalled, setExcused }: { student: AbsentStudent; setCalled: SetCalled; setExcused: SetExcused }) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="xs"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Anchor component={Link} to={`/app/students/${student._id}`} fw={600}>
          {student.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {student.batches.map((batch) => batch.name).join(', ')}
        </Text>
        <AbsentStudentPhones student={student} />
        {student.reason ? <AbsenceReasonWithExcuse student={student} setExcused={setExcused} /> : null}
      </Stack>
      <CalledTick student={student} setCalled={setCalled} />
    </Group>
  );
}

/** The linked parents (the record's parent first, decision 030): each one's phone, with their name. No parent known: the student's own phone. */
function AbsentStudentPhones({ student }: { student: AbsentStudent }) {
  const { t } = useLingui();
  if (student.parents.length === 0) return <StudentPhone phone={student.phone} label={student.name} />;
  return student.parents.map((parent) => (
    <Group key={parent._id} gap={6} wrap="wrap">
      <Text size="sm">{parent.name}</Text>
      <StudentPhone phone={parent.phone} label={t`${parent.name} of ${student.name}`} />
    </Group>
  ));
}

/** The family's reply to the absence alert (issue 60); the office may accept it as excused. */
function AbsenceReasonWithExcuse({ student, setExcused }: { student: AbsentStudent; setExcused: SetExcused }) {
  const { t } = useLingui();
  const reason = student.reason!;
  return (
    <Group gap={6} wrap="wrap" mt={4}>
      <AbsenceReasonNote reason={reason} />
      <Button
        size="compact-sm"
        variant="light"
        disabled={setExcused.isPending}
        onClick={() =>
          setExcused.mutate(
            { reasonId: reason._id, excused: !reason.excused },
            { onError: (error) => notifications.show({ title: t`Not saved`, message: normalizeError(error, t`Failed to save the excuse`).message, color: 'red' }) },
          )
        }
      >
        {reason.excused ? t`Not excused` : t`Accept as excused`}
      </Button>
    </Group>
  );
}

/** The office's "called" tick, with who ticked it and when. */
function CalledTick({ student, setCalled }: { student: AbsentStudent; setCalled: SetCalled }) {
  const { t } = useLingui();
  return (
    <Stack gap={0} align="flex-end">
      <PlainCheckbox
        label={t`Called`}
        checked={student.called !== null}
        disabled={setCalled.isPending}
        aria-label={t`Called the family of ${student.name}`}
        onChange={(event) =>
          setCalled.mutate(
            { studentId: student._id, called: event.currentTarget.checked },
            { onError: (error) => notifications.show({ title: t`Not saved`, message: normalizeError(error, t`Failed to save the call`).message, color: 'red' }) },
          )
        }
      />
      {student.called ? (
        <Text size="xs" c="dimmed">
          {student.called.by ? `${student.called.by.name}, ` : ''}
          {formatTime(student.called.at)}
        </Text>
      ) : null}
    </Stack>
  );
}
