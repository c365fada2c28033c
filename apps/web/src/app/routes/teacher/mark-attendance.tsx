import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconAlertCircle, IconHistory, IconInfoCircle } from '@tabler/icons-react';
import { useLayoutEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AttendanceDay } from '@academy/shared/schemas/attendance';
import type { Batch } from '@academy/shared/schemas/batches';
import type { CoveredClass } from '@academy/shared/schemas/pay';
import { useCoveredClasses } from '../../../features/pay/api';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { normalizeError } from '../../../lib/api-client';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { ATTENDANCE_MESSAGES, useAttendanceDay } from '../../../features/attendance/api';
import { countStatuses, defaultBatch, weekdayOf } from '../../../lib/attendance-display';
import { readDraft } from '../../../features/attendance/attendance-draft';
import { AttendanceOutboxPanel } from '../../../features/attendance/components/attendance-outbox';
import { useCurrentUser } from '../../../lib/session';
import { MarkAttendanceForm } from '../../../features/attendance/components/mark-attendance-form';
import { BATCHES_FAILURE, useBatches } from '../../../features/batches/api';
import { scheduleLabel, weekdayName } from '../../../lib/schedule-display';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { DateFieldAfterTakeOver } from '../../../components/ui/date-field-after-take-over';
import { SelectAfterTakeOver } from '../../../components/ui/select-after-take-over';
import { useLocalNames } from '../../../lib/public-settings';
import { useSheetFormResult } from '../../../lib/html-form-result';
import type { DraftMarks } from '../../../features/attendance/attendance-draft';
import type { DemoMarks } from '../../../features/attendance/components/demo-students';

/**
 * A covered class as the screen's batch (issue 58): what the marking needs of it; the list's other
 * fields (counts, status) are not shown here.
 */
function coveredBatch(cover: CoveredClass): Batch {
  return { ...cover.batch, schedule: { ...cover.batch.schedule, days: cover.batch.schedule.days as Batch['schedule']['days'] } } as unknown as Batch;
}

/** Why a day cannot be marked, or null. */
function unmarkableReason(batch: Batch, date: string, today: string): string | null {
  if (date > today) return translate`Attendance cannot be marked for a future date.`;
  if (date < batch.startDate) return translate`This batch starts on ${formatDate(batch.startDate)}: choose a later date.`;
  if (date > batch.endDate) return translate`This batch ended on ${formatDate(batch.endDate)}: choose an earlier date.`;
  return null;
}

function timeOf(iso: string): string {
  return formatTime(iso);
}

/**
 * Whether the screen has drawn once. What is kept on the phone (the unsent marks) is read only after the
 * first render, which is then the server's drawing of the sheet: the page is taken over as drawn, whatever
 * the runtime (decision 103; the admission form's draft does the same), and the sheet is drawn again with
 * the kept marks before the first paint of the app's (a layout effect).
 */
function useDrawnOnce(): boolean {
  const [drawn, setDrawn] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after the server's first render
  useLayoutEffect(() => setDrawn(true), []);
  return drawn;
}

/** The day as far as it could be loaded; on a failed load, the marks this teacher kept on this device (spec section 4). */
function useDayOrDraft(batch: Batch | undefined, date: string, enabled: boolean) {
  const day = useAttendanceDay(batch?._id ?? '', date, enabled);
  const userId = useCurrentUser()?._id;
  const drawnOnce = useDrawnOnce();
  const draft = useMemo(() => (drawnOnce && batch && userId ? readDraft(userId, batch._id, date) : undefined), [drawnOnce, batch, userId, date, day.dataUpdatedAt, day.errorUpdatedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  const fallback = useMemo((): AttendanceDay | undefined => {
    if (!batch || !draft || !day.isError || day.data) return undefined;
    const students = draft.students
      .filter((student) => draft.marks[student._id])
      .map((student) => ({ _id: student._id, name: student.name, enrolled: true, status: null, remark: null, reason: null }));
    return {
      batch: { _id: batch._id, name: batch.name, standard: batch.standard, subject: batch.subject, teacher: batch.teacher, startDate: batch.startDate, endDate: batch.endDate },
      date,
      today: date,
      markedAt: null,
      markedBy: null,
      closure: null,
      students,
      statistics: countStatuses([]),
      // The day's demo students are not kept on the device: they come back with the day.
      demos: [],
      opensAt: null,
    };
  }, [batch, date, draft, day.isError, day.data]);
  return { day, draft, fallback, drawnOnce };
}

type DayOrDraft = ReturnType<typeof useDayOrDraft>;

/** Another batch or day replaces the screen: ask first when marks are not submitted. */
function useChooseSheet(dirty: boolean, setDirty: (dirty: boolean) => void) {
  const { t } = useLingui();
  const [, setParams] = useSearchParams();
  return (next: { batchId?: string; date?: string }) => {
    const apply = () => {
      setDirty(false);
      setParams((current) => {
        const updated = new URLSearchParams(current);
        // "Attendance saved" was about the sheet the form posted (decision 075), not the next one.
        updated.delete('saved');
        for (const [key, value] of Object.entries(next)) if (value) updated.set(key, value);
        return updated;
      });
    };
    if (!dirty) return apply();
    modals.openConfirmModal({
      title: t`Leave without submitting?`,
      children: t`The marks on this screen are not submitted yet. Switch and lose them?`,
      labels: { confirm: t`Switch`, cancel: t`Stay` },
      confirmProps: { color: 'red' },
      onConfirm: apply,
    });
  };
}

export function Component() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const today = useAcademyToday();
  const batches = useBatches();
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty, t`The marks on this screen are not submitted yet. Leave without submitting them?`);

  const requestedDate = params.get('date') ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(requestedDate) ? requestedDate : today;
  // A class this teacher covers for another (issue 58): offered on its own day only, as the server allows.
  const covered = useCoveredClasses(Boolean(params.get('batchId')));
  const cover = covered.data?.classes.find((item) => item.batch._id === params.get('batchId') && item.date === date);
  const ownList = batches.data ?? [];
  const batchList = cover && !ownList.some((candidate) => candidate._id === cover.batch._id) ? [...ownList, coveredBatch(cover)] : ownList;
  const batch = batchList.find((candidate) => candidate._id === params.get('batchId')) ?? defaultBatch(batchList, today);
  const covering = Boolean(cover && batch?._id === cover.batch._id && !ownList.some((candidate) => candidate._id === cover.batch._id));
  const reason = batch ? unmarkableReason(batch, date, today) : null;
  const sheet = useDayOrDraft(batch, date, reason === null);
  const shown = sheet.day.data ?? sheet.fallback;

  const choose = useChooseSheet(dirty, setDirty);
  // A plain-HTML submission of this sheet the server refused (decision 075): its marks as sent, and why.
  const formResult = useSheetFormResult();

  return (
    <>
      <PageHeader
        title={t`Mark Attendance`}
        description={
          shown?.markedAt ? t`This day is marked: the recorded marks are shown. Change what you need, then submit again.` : t`Everyone starts as present: tap to change, then submit.`
        }
        actions={
          batch && !covering ? (
            <Button component={Link} to={`/app/teacher/batches/${batch._id}`} variant="light" leftSection={<IconHistory size={18} aria-hidden="true" />}>
              <Trans>Batch history</Trans>
            </Button>
          ) : null
        }
      />
      <AttendanceOutboxPanel />
      {batches.isPending ? (
        <Skeleton h={320} radius="md" aria-hidden="true" />
      ) : batches.isError ? (
        <LoadErrorAlert title={t`Your batches could not be loaded`} error={batches.error} fallback={BATCHES_FAILURE} onRetry={() => void batches.refetch()} />
      ) : !batch ? (
        <Text c="dimmed"><Trans>You have no batches yet. Once the office assigns you a batch, you can mark its attendance here.</Trans></Text>
      ) : (
        <Stack gap="md">
          <BatchAndDate batch={batch} batchList={batchList} date={date} today={today} covering={covering} choose={choose} />
          <DaySheet batch={batch} date={date} reason={reason} sheet={sheet} formResult={formResult} savedParam={params.get('saved') === '1'} setDirty={setDirty} />
        </Stack>
      )}
    </>
  );
}

interface BatchAndDateProps {
  batch: Batch;
  batchList: Batch[];
  date: string;
  today: string;
  covering: boolean;
  choose: (next: { batchId?: string; date?: string }) => void;
}

/** Which batch and day to mark: a covered class only on its own day, an own batch between its start and today. */
function BatchAndDate({ batch, batchList, date, today, covering, choose }: BatchAndDateProps) {
  const { t } = useLingui();
  const maxDate = batch && batch.endDate < today ? batch.endDate : today;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <SelectAfterTakeOver
        label={t`Batch`}
        size="md"
        allowDeselect={false}
        // The name in the field, its days and time under it (issue 54: "name (days · time)" was cut at 360 px).
        data={batchList.map((option) => ({ value: option._id, label: option.name }))}
        renderOption={({ option }) => {
          const schedule = batchList.find((candidate) => candidate._id === option.value)?.schedule;
          return (
            <div>
              <Text size="sm">{option.label}</Text>
              {schedule ? (
                <Text size="xs" c="dimmed">
                  {scheduleLabel(schedule)}
                </Text>
              ) : null}
            </div>
          );
        }}
        description={scheduleLabel(batch.schedule)}
        value={batch._id}
        onChange={(value) => value && choose({ batchId: value })}
      />
      <DateFieldAfterTakeOver
        label={t`Date`}
        size="md"
        required
        min={covering ? date : batch.startDate}
        max={covering ? date : maxDate}
        value={date}
        onChange={(next) => next && choose({ date: next, batchId: batch._id })}
      />
    </SimpleGrid>
  );
}

interface DaySheetProps {
  batch: Batch;
  date: string;
  reason: string | null;
  sheet: DayOrDraft;
  formResult: ReturnType<typeof useSheetFormResult>;
  savedParam: boolean;
  setDirty: (dirty: boolean) => void;
}

/** The chosen day's register: why it cannot be marked, or its notices and the form. */
function DaySheet({ batch, date, reason, sheet, formResult, savedParam, setDirty }: DaySheetProps) {
  const { t } = useLingui();
  const names = useLocalNames();
  const { day, draft, fallback } = sheet;
  const shown = day.data ?? fallback;
  const classDay = batch ? batch.schedule.days.includes(weekdayOf(date)) : true;
  // The draft goes in only when it is newer than the saved marks (or the day is not marked).
  const draftMarks = draft && shown && (!shown.markedAt || draft.savedAt > shown.markedAt) ? draft.marks : undefined;
  // With no batch named: a batch not theirs (the server names nothing back), the message alone.
  const refused = formResult && batch && ((formResult.batchId === batch._id && formResult.date === date) || formResult.batchId === '') ? formResult : null;
  const refusedMarks = refused && refused.batchId !== '' ? refused : null;
  const initial = refusedMarks ? (refusedMarks.marks as DraftMarks) : draftMarks;
  const initialDemos = refusedMarks ? (refusedMarks.demos as DemoMarks) : draftMarks ? draft?.demos : undefined;
  const savedByForm = savedParam && !refused;
  // Marks kept on the phone when the screen was first drawn (read after that drawing, useDrawnOnce): the
  // form is drawn again once with them. Decided once, so a later read of the draft never redraws the form.
  const [keptAtStart, setKeptAtStart] = useState<boolean | null>(null);
  if (keptAtStart === null && sheet.drawnOnce) setKeptAtStart(Boolean(initial));
  return (
    <>
    {!classDay && reason === null ? (
      <Text size="sm" c="dimmed">
        {t`${batch.name} has no class on ${weekdayName(weekdayOf(date))} (${scheduleLabel(batch.schedule)}); you can still mark an extra class.`}
      </Text>
    ) : null}
    {reason ? (
      <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden="true" />} title={t`This day cannot be marked`}>
        {reason}
      </Alert>
    ) : day.isPending && !fallback ? (
      <Skeleton h={400} radius="md" aria-hidden="true" />
    ) : day.isError && !shown ? (
      <LoadErrorAlert title={t`Attendance could not be loaded`} error={day.error} fallback={ATTENDANCE_MESSAGES.loadFailed} onRetry={() => void day.refetch()} />
    ) : shown?.closure ? (
      <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden="true" />} title={t`The academy is closed that day`}>
        {t`${shown.closure}: no class for ${batch.name} on ${formatDate(date)}, so attendance cannot be marked.`}
      </Alert>
    ) : shown ? (
        <Stack gap="sm">
          <SheetNotices batch={batch} sheet={sheet} shown={shown} refused={refused} savedByForm={savedByForm} restoredDraft={Boolean(draftMarks && !refusedMarks && !fallback)} />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {names.standard(batch.standard)} · {names.subject(batch.subject)} · {formatDate(date)}
          </Text>
        </Group>
        <MarkAttendanceForm
          key={`${batch._id}|${date}|${shown.markedAt ?? ''}|${fallback ? 'draft' : 'server'}|${keptAtStart ? 'kept' : ''}`}
          day={shown}
          initial={initial}
          initialDemos={initialDemos}
          initialErrors={refusedMarks?.errors}
          onDirtyChange={setDirty}
        />
      </Stack>
    ) : null}
    </>
  );
}

interface SheetNoticesProps {
  batch: Batch;
  sheet: DayOrDraft;
  shown: AttendanceDay;
  refused: NonNullable<ReturnType<typeof useSheetFormResult>> | null;
  savedByForm: boolean;
  restoredDraft: boolean;
}

/** What the teacher should know before marking: kept on the device, already marked, not open yet, saved or refused. */
function SheetNotices({ batch, sheet, shown, refused, savedByForm, restoredDraft }: SheetNoticesProps) {
  const { t } = useLingui();
  const { day, draft, fallback } = sheet;
  return (
    <>
    {fallback ? (
      <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={normalizeError(day.error, ATTENDANCE_MESSAGES.loadFailed).message}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            <Trans>Showing the marks kept on this device at {timeOf(draft!.savedAt)}. Submit them when the connection is back.</Trans>
          </Text>
          <Button size="xs" variant="light" color="orange" onClick={() => void day.refetch()}>
            <Trans>Try loading again</Trans>
          </Button>
        </Stack>
      </Alert>
    ) : shown.markedAt ? (
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} title={t`Already marked`}>
        {shown.markedBy
          ? t`Marked on ${formatDate(shown.markedAt)} at ${timeOf(shown.markedAt)} by ${shown.markedBy.name}. Submitting again replaces these marks.`
          : t`Marked on ${formatDate(shown.markedAt)} at ${timeOf(shown.markedAt)}. Submitting again replaces these marks.`}
      </Alert>
    ) : null}
    {shown.opensAt ? (
      // Issue 54: a register taken long before the class alerted families of an absence at 05:25.
      <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden="true" />} title={t`Not open yet`} data-testid="attendance-opens-at">
        {t`Today's register of ${batch.name} opens at ${formatTime(shown.opensAt)}, shortly before the class starts at ${formatTime(batch.schedule.startTime)}. Mark it once the class has begun.`}
      </Alert>
    ) : null}
    {refused ? (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Attendance not saved`} role="alert" data-testid="sheet-refused">
        {refused.message}
      </Alert>
    ) : savedByForm && shown.markedAt ? (
      <Alert color="teal" variant="light" icon={<IconInfoCircle aria-hidden="true" />} title={t`Attendance saved`} role="status" data-testid="sheet-saved">
        {t`The marks below are saved.`}
      </Alert>
    ) : null}
      {restoredDraft ? (
      <Alert color="yellow" variant="light" title={t`Unsent marks restored`}>
        {t`Your marks from ${timeOf(draft!.savedAt)} on this device were not submitted; they are shown below.`}
      </Alert>
    ) : null}
    </>
  );
}
