import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import type { AbsenceReason } from '@academy/shared/schemas/conversations';
import { AbsenceReasonNote } from '../../../components/ui/absence-reason-note';
import { modals } from '../../../lib/modals';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconMessage2, IconWifiOff } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AttendanceDay } from '@academy/shared/schemas/attendance';
import type { AttendanceStatus } from '@academy/shared/attendance-statuses';
import { fieldErrorsOf, isNetworkFailure, normalizeError } from '../../../lib/api-client';
import { ATTENDANCE_MESSAGES, useSubmitAttendance } from '../api';
import { ATTENDANCE_STATUSES, countStatuses, STATUS_COLORS } from '../../../lib/attendance-display';
import { clearDraft, saveDraft, type DraftMarks } from '../attendance-draft';
import { addToOutbox } from '../attendance-outbox';
import { OUTBOX_TITLE, useAttendanceOutbox } from './attendance-outbox';
import { DemoStudents, initialDemoMarks, sameDemoMarks, type DemoMarks } from './demo-students';
import type { DemoStatus } from '@academy/shared/demo-statuses';
import { useCurrentUser } from '../../../lib/session';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStatusLabel } from '../status-labels';
import { plural } from '@lingui/core/macro';

type Mark = { status: AttendanceStatus; remark: string };
type Marks = DraftMarks;


/** An unmarked day starts with everyone present; a marked day starts as it was recorded. */
function initialMarks(day: AttendanceDay): Marks {
  return Object.fromEntries(day.students.filter((student) => student.enrolled).map((student) => [student._id, { status: student.status ?? 'present', remark: student.remark ?? '' }]));
}

function sameMarks(a: Marks, b: Marks): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key]?.status === b[key]?.status && a[key]?.remark.trim() === b[key]?.remark.trim());
}

interface StudentRowProps {
  studentId: string;
  index: number;
  name: string;
  mark: Mark;
  /** The family's reason for the absence (issue 60), when they gave one. */
  reason?: AbsenceReason | null;
  error?: string;
  onChange: (studentId: string, change: Partial<Mark>) => void;
}

/** One student: the name, one tap per status (large targets), and a remark on demand. Memoised: a tap re-renders one row. */
const StudentRow = memo(function StudentRow({ studentId, index, name, mark, reason, error, onChange }: StudentRowProps) {
  const [remarkOpen, setRemarkOpen] = useState(mark.remark !== '');
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name} style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Text span c="dimmed" fw={400} mr={6}>
              {index + 1}.
            </Text>
            {name}
          </Text>
          <ActionIcon
            variant={remarkOpen ? 'light' : 'subtle'}
            size={40}
            aria-label={t`Remark for ${name}`}
            aria-expanded={remarkOpen}
            onClick={() => setRemarkOpen((open) => !open)}
          >
            <IconMessage2 size={20} aria-hidden="true" />
          </ActionIcon>
        </Group>
        <SegmentedRadios
          // The form's field (decision 075): a tap marks the radio button before the app has come, and
          // the form posts it without it.
          name={`status.${studentId}`}
          label={t`Attendance of ${name}`}
          options={ATTENDANCE_STATUSES.map((status) => ({ value: status, label: statusLabel(status), color: STATUS_COLORS[status] }))}
          value={mark.status}
          onChange={(value) => onChange(studentId, { status: value as AttendanceStatus })}
        />
        {reason ? <AbsenceReasonNote reason={reason} /> : null}
        {remarkOpen ? (
          // A plain field styled by mark-attendance-form.css, not Mantine's TextInput: its Input was a file of
          // its own that the sheet waited for before the app took it over (issue 74, decision 107).
          <input
            className="mark-attendance-remark"
            name={`remark.${studentId}`}
            placeholder={t`Remark (optional), e.g. informed by parent`}
            aria-label={t`Remark for ${name}`}
            maxLength={300}
            value={mark.remark}
            onChange={(event) => onChange(studentId, { remark: event.currentTarget.value })}
          />
        ) : null}
        {error ? (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
});

export function AttendanceCounts({ counts }: { counts: ReturnType<typeof countStatuses> }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  return (
    <Group gap={6} wrap="wrap" aria-label={t`Counts`} role="group">
      {ATTENDANCE_STATUSES.map((status) => (
        <Badge key={status} size="lg" variant="light" color={STATUS_COLORS[status]} tt="none" data-testid={`count-${status}`}>
          {statusLabel(status)} {counts[status]}
        </Badge>
      ))}
    </Group>
  );
}

interface MarkAttendanceFormProps {
  day: AttendanceDay;
  /** Marks to start from instead of the saved ones (an unsent draft kept on this device). */
  initial?: Marks;
  /** The draft's marks of the day's demo students, by booking. */
  initialDemos?: DemoMarks;
  onDirtyChange: (dirty: boolean) => void;
  /** Each row's reason from a refused plain-HTML submission the server drew this sheet with. */
  initialErrors?: Record<string, string>;
}

/** Where the sheet posts as a plain HTML form (apps/api/src/modules/attendance/sheet-form.routes.ts). */
const SHEET_FORM_ACTION = '/app/teacher/attendance/mark';

/**
 * The marks of the day's students and demo students, and each row's refusal: a draft fills in students
 * still on the roster, and taps made before the app took the sheet over count too.
 */
function useSheetMarks({ day, initial, initialDemos, initialErrors }: Pick<MarkAttendanceFormProps, 'day' | 'initial' | 'initialDemos' | 'initialErrors'>) {
  const saved = useMemo(() => initialMarks(day), [day]);
  // A draft only fills in students still on the roster.
  const [marks, setMarks] = useState<Marks>(() => Object.fromEntries(Object.entries(saved).map(([id, mark]) => [id, initial?.[id] ?? mark])));
  const [errors, setErrors] = useState<Record<string, string>>(() => initialErrors ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  // The day's demo students (issue 41): marked with the day, apart from the batch's counts.
  const savedDemos = useMemo(() => initialDemoMarks(day.demos), [day]);
  const [demoMarks, setDemoMarks] = useState<DemoMarks>(() => initialDemoMarks(day.demos, initialDemos));

  const change = useCallback((studentId: string, update: Partial<Mark>) => {
    setMarks((current) => ({ ...current, [studentId]: { ...current[studentId]!, ...update } }));
    setErrors((current) => {
      if (!current[studentId]) return current;
      const { [studentId]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  const changeDemo = useCallback((demoId: string, status: DemoStatus) => setDemoMarks((current) => ({ ...current, [demoId]: status })), []);

  // Taps made before the app took the sheet over (issue 73 point 3): the browser checked those radio
  // buttons itself, and hydration keeps what the page shows; the marks take them over here, before the
  // first paint of the app's, so the counts and Submit include them.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const checked = (name: string) => form.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(name)}"]:checked`)?.value;
    const tapped = Object.entries(saved).flatMap(([id]) => {
      const status = checked(`status.${id}`);
      return status && (ATTENDANCE_STATUSES as readonly string[]).includes(status) ? [[id, status as AttendanceStatus] as const] : [];
    });
    if (tapped.length > 0) setMarks((current) => {
      const next = { ...current };
      for (const [id, status] of tapped) if (next[id] && next[id].status !== status) next[id] = { ...next[id], status };
      return tapped.some(([id, status]) => current[id]?.status !== status) ? next : current;
    });
    const demoTaps = day.demos.flatMap((demo) => {
      const status = checked(`demo.${demo._id}`);
      return status === 'present' || status === 'absent' ? [[demo._id, status as DemoStatus] as const] : [];
    });
    if (demoTaps.some(([id, status]) => (demoMarks[id] ?? 'present') !== status)) setDemoMarks((current) => ({ ...current, ...Object.fromEntries(demoTaps) }));
    // Once, when the sheet is first shown: later the marks are the app's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { saved, marks, setMarks, errors, setErrors, formRef, savedDemos, demoMarks, change, changeDemo };
}

type SheetMarks = ReturnType<typeof useSheetMarks>;
type Roster = MarkAttendanceFormProps['day']['students'];

/**
 * Submit: the whole day at once; without a connection it waits on the phone (the outbox sends it once
 * online), and a refusal shows each student's reason on their row.
 */
function useSendSheet(day: MarkAttendanceFormProps['day'], roster: Roster, { marks, demoMarks, setErrors }: SheetMarks) {
  const { t } = useLingui();
  const submit = useSubmitAttendance(day.batch._id);
  const userId = useCurrentUser()?._id;
  const outbox = useAttendanceOutbox();
  const waiting = outbox.find((entry) => entry.batchId === day.batch._id && entry.date === day.date);
  const [queuedMarks, setQueuedMarks] = useState<{ marks: Marks; demos: DemoMarks } | null>(null);
  // Marks saved on the phone for sending count as handed over: leaving the screen loses nothing.
  const queued = Boolean(waiting) && queuedMarks !== null && sameMarks(marks, queuedMarks.marks) && sameDemoMarks(demoMarks, queuedMarks.demos);

  /** No connection: keep the day on the phone; the shell sends it when the browser is back online. */
  const keepOnPhone = (userId: string, records: { studentId: string; status: AttendanceStatus; remark: string | null }[], demos: { demoId: string; status: DemoStatus }[]) => {
    // The demo marks wait with the day's: the outbox sends the whole submission.
    addToOutbox({ userId, batchId: day.batch._id, batchName: day.batch.name, date: day.date, submission: { date: day.date, records, demos } });
    setQueuedMarks({ marks, demos: demoMarks });
    setErrors({});
    notifications.show({ title: t`No connection`, message: OUTBOX_TITLE, color: 'yellow' });
  };

  const handleSubmit = () => {
    if (!userId) return; // signing out: the screen is about to close
    const records = roster.map((student) => ({ studentId: student._id, status: marks[student._id]!.status, remark: marks[student._id]!.remark.trim() || null }));
    const demos = day.demos.map((demo) => ({ demoId: demo._id, status: demoMarks[demo._id] ?? ('present' as const) }));
    if (!navigator.onLine) return keepOnPhone(userId, records, demos);
    submit.mutate(
      { date: day.date, records, demos },
      {
        onSuccess: ({ message }) => {
          clearDraft(userId, day.batch._id, day.date);
          setErrors({});
          notifications.show({ title: t`Attendance saved`, message: message ?? ATTENDANCE_MESSAGES.submitted, color: 'teal' });
        },
        onError: (error) => {
          if (isNetworkFailure(error)) return keepOnPhone(userId, records, demos);
          // `records.3.studentId` names the fourth record: show the reason on that student's row.
          const byStudent: Record<string, string> = {};
          for (const [field, text] of Object.entries(fieldErrorsOf(error) ?? {})) {
            const index = /^records\.(\d+)\./.exec(field)?.[1];
            const student = index === undefined ? undefined : records[Number(index)];
            if (student) byStudent[student.studentId] = text;
          }
          setErrors(byStudent);
          notifications.show({ title: t`Attendance not saved`, message: normalizeError(error, ATTENDANCE_MESSAGES.submitFailed).message, color: 'red' });
        },
      },
    );
  };

  return { handleSubmit, queued, userId, submitting: submit.isPending };
}

/** Stays at the bottom of the screen: how many are in class, whether it is submitted, and Submit. */
function SubmitBar({ counts, dirty, queued, submitting }: { counts: ReturnType<typeof countStatuses>; dirty: boolean; queued: boolean; submitting: boolean }) {
  const { t } = useLingui();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      shadow="md"
      style={{ position: 'sticky', bottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))', zIndex: 5 }}
    >
      {/* On its own line: the whole sentence stays readable on a 360 px phone. */}
      {queued ? (
        <Text c="yellow.9" size="sm" fw={500} mb={6} data-testid="saved-on-phone">
          <IconWifiOff size={14} aria-hidden="true" style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {OUTBOX_TITLE}
        </Text>
      ) : null}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} aria-live="polite">
          {t`${counts.present + counts.late} of ${counts.total} in class`}
          {dirty ? (
            <Text span c="orange" size="sm" display="block">
              <Trans>Not submitted yet</Trans>
            </Text>
          ) : null}
        </Text>
        <Button type="submit" size="md" loading={submitting} style={{ flexShrink: 0 }}>
          <Trans>Submit attendance</Trans>
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The marking screen's body. Marks live here; every change is also kept on the device (a draft) so
 * a lost connection or a closed tab loses nothing. Submit sends the whole day at once.
 */
export function MarkAttendanceForm({ day, initial, initialDemos, onDirtyChange, initialErrors }: MarkAttendanceFormProps) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const sheet = useSheetMarks({ day, initial, initialDemos, initialErrors });
  const { saved, marks, setMarks, errors, formRef, savedDemos, demoMarks, change, changeDemo } = sheet;
  const roster = useMemo(() => day.students.filter((student) => student.enrolled), [day]);
  const formerStudents = day.students.filter((student) => !student.enrolled && student.status);
  const { handleSubmit, queued, userId, submitting } = useSendSheet(day, roster, sheet);
  const dirty = (!sameMarks(marks, saved) || !sameDemoMarks(demoMarks, savedDemos)) && !queued;
  const counts = countStatuses(Object.values(marks).map((mark) => mark.status));

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => {
    if (dirty && userId) saveDraft(userId, day.batch._id, day.date, roster.map(({ _id, name }) => ({ _id, name })), marks, day.demos.length > 0 ? demoMarks : undefined);
  }, [dirty, userId, marks, demoMarks, day.batch._id, day.date, day.demos.length, roster]);

  const setAllPresent = () => setMarks((current) => Object.fromEntries(Object.entries(current).map(([id, mark]) => [id, { ...mark, status: 'present' as const }])));
  // On a recorded day a bulk change could silently replace recorded absences: ask first (issue 18 point 7).
  const markAllPresent = () => {
    const notPresent = Object.values(marks).filter((mark) => mark.status !== 'present').length;
    if (!day.markedAt || notPresent === 0) return setAllPresent();
    modals.openConfirmModal({
      title: t`Mark everyone present?`,
      children: plural(notPresent, {
        one: 'This day is already marked. # student is not marked present; they will all be changed to present (submit to save).',
        other: 'This day is already marked. # students are not marked present; they will all be changed to present (submit to save).',
      }),
      labels: { confirm: t`Mark all present`, cancel: t`Cancel` },
      onConfirm: setAllPresent,
    });
  };

  if (roster.length === 0 && day.demos.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>No students are enrolled in this batch yet.</Trans>
      </Text>
    );
  }

  return (
    // A plain form too (decision 075): before the app has come, or without it, its marks and Submit post
    // to the server, which saves them through the same route as the app; once the app runs, it submits.
    <form
      ref={formRef}
      method="post"
      action={SHEET_FORM_ACTION}
      data-html-form=""
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
    >
      <input type="hidden" name="batchId" value={day.batch._id} />
      <input type="hidden" name="date" value={day.date} />
      <Stack gap="sm">
      {roster.length > 0 ? (
        <>
          <Group justify="space-between" gap="xs">
            <AttendanceCounts counts={counts} />
            <Button variant="light" size="md" leftSection={<IconChecks size={18} aria-hidden="true" />} onClick={markAllPresent}>
              <Trans>Mark all present</Trans>
            </Button>
          </Group>
          <SimpleGrid component="ol" cols={{ base: 1, lg: 2 }} spacing="xs" verticalSpacing="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Students`}>
            {roster.map((student, index) => (
              <StudentRow key={student._id} studentId={student._id} index={index} name={student.name} mark={marks[student._id]!} reason={student.reason} error={errors[student._id]} onChange={change} />
            ))}
          </SimpleGrid>
        </>
      ) : (
        <Text c="dimmed" size="sm">
          <Trans>No students are enrolled in this batch yet.</Trans>
        </Text>
      )}
      <DemoStudents demos={day.demos} marks={demoMarks} onChange={changeDemo} />
      {formerStudents.length > 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Also marked that day, no longer in the batch (kept as history):</Trans>{' '}
          {formerStudents.map((student) => `${student.name} (${statusLabel(student.status!)})`).join(', ')}
        </Text>
      ) : null}
      <SubmitBar counts={counts} dirty={dirty} queued={queued} submitting={submitting} />
      </Stack>
    </form>
  );
}
