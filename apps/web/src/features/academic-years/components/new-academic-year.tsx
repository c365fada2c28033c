import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { academicYearNameOf, academicYearOf, academicYearStart, formatDate } from '@academy/shared/calendar';
import type { AcademicYears, RolloverInput, RolloverSummary } from '@academy/shared/schemas/academic-years';
import { DateField } from '../../../components/ui/date-field';
import { normalizeError } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/format-number';
import { modals } from '../../../lib/modals';
import { useAcademicYears, useCheckRollover, useStartNewYear, useUndoRollover } from '../api';
import { useLocalNames } from '../../../lib/public-settings';

type Choice = 'up' | 'repeat' | 'leave';

/** April to July: the weeks between the last classes of a year and the first of the next, when a rollover is done. */
function inRolloverSeason(today: string): boolean {
  const month = Number(today.slice(5, 7));
  return month >= 4 && month <= 7;
}
type Student = AcademicYears['students'][number];
type Rollover = AcademicYears['rollovers'][number];

/**
 * The admin's "New academic year" screen (issue 39): the date last year's batches end on, each active
 * student's way (moves up, repeats, leaves; by standard, with a search), the dry run's counts, the
 * rollover after a confirmation, and its undo while the new year has not begun.
 */
export function NewAcademicYear({ today }: { today: string }) {
  const { t } = useLingui();
  const years = useAcademicYears();
  const [endsOn, setEndsOn] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [search, setSearch] = useState('');
  const [preview, setPreview] = useState<RolloverSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useCheckRollover();
  const start = useStartNewYear();

  if (years.isPending) return <Loader aria-label={t`Loading`} />;
  if (years.isError) {
    return (
      <Alert color="red" role="alert">
        {normalizeError(years.error).message}
      </Alert>
    );
  }
  const { currentYear, rollovers, students } = years.data;
  // Classes end by 31 March (academicYearOf): the usual day for last year's batches to end.
  const batchesEndOn = endsOn ?? academicYearOf(academicYearStart(currentYear)).endDate;
  const input = (): RolloverInput => ({
    batchesEndOn,
    repeat: Object.keys(choices).filter((id) => choices[id] === 'repeat'),
    leave: Object.keys(choices).filter((id) => choices[id] === 'leave'),
  });
  // A change after the check asks for a new check: the counts shown are always those of what is chosen.
  const changed = () => {
    setPreview(null);
    setError(null);
  };
  const runCheck = () =>
    check.mutate(input(), {
      onSuccess: (summary) => {
        setPreview(summary);
        setError(null);
      },
      onError: (failure) => setError(normalizeError(failure).message),
    });
  const confirmStart = (summary: RolloverSummary) =>
    modals.openConfirmModal({
      title: t`Start the academic year ${summary.toYear}?`,
      children: (
        <Text size="sm">
          {t`Students move up a standard, last year's batches end on ${formatDate(batchesEndOn)} and are archived, and unpaid fees move to the new year. You can undo it until the first change of the new year.`}
        </Text>
      ),
      labels: { confirm: t`Start the new year`, cancel: t`Not yet` },
      onConfirm: () =>
        start.mutate(input(), {
          onSuccess: ({ message }) => {
            setPreview(null);
            setChoices({});
            notifications.show({ color: 'teal', message: message ?? t`The new academic year has begun` });
          },
          onError: (failure) => setError(normalizeError(failure).message),
        }),
    });
  const latest = rollovers.find((rollover) => !rollover.undoneAt);
  // Started before its 1 June: the next one waits until this year has begun.
  const ahead = !!latest && currentYear > academicYearNameOf(today);

  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Group gap="xs">
          <Text>
            <Trans>Current academic year</Trans>
          </Text>
          <Badge size="lg" variant="light" tt="none" data-testid="current-year">
            {currentYear}
          </Badge>
        </Group>
      </Card>

      {latest ? <LatestRollover rollover={latest} /> : null}

      {!ahead && !inRolloverSeason(today) ? (
        // Issue 54: offered in November without a word. It is for the end of the year; not refused (a late start is possible).
        <Alert color="yellow" variant="light" title={t`Meant for the end of the academic year`} data-testid="rollover-off-season">
          {t`Start the new year from April, once classes end (the year ${currentYear} runs to ${formatDate(academicYearOf(academicYearStart(currentYear)).endDate)}; the next begins on 1 June). Starting it now, in the middle of the year, moves every student up and archives this year's batches.`}
        </Alert>
      ) : null}

      {ahead ? (
        <Text c="dimmed">{t`The year ${currentYear} begins on ${formatDate(academicYearStart(currentYear))}: the next new year can be started once it has.`}</Text>
      ) : (
        <>
          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                <Trans>1. When last year ends</Trans>
              </Title>
              <DateField
                label={t`Last year's batches end on`}
                description={t`Batches that began before the new year end on this day (or earlier, if they already did) and are archived with their attendance, marks and fees.`}
                value={batchesEndOn}
                onChange={(value) => {
                  setEndsOn(value);
                  changed();
                }}
                required
                maw={320}
              />
            </Stack>
          </Card>

          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                <Trans>2. Who repeats or leaves</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>Everyone moves up to the next standard; those in the last standard leave as alumni. Change only the exceptions.</Trans>
              </Text>
              <TextInput
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                placeholder={t`Search by name or student ID`}
                aria-label={t`Search students`}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                maw={420}
              />
              <StudentChoices
                students={students}
                search={search}
                choices={choices}
                onChoose={(id, choice) => {
                  setChoices((current) => {
                    const next = { ...current };
                    if (choice === 'up') delete next[id];
                    else next[id] = choice;
                    return next;
                  });
                  changed();
                }}
              />
            </Stack>
          </Card>

          <Card withBorder padding="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                <Trans>3. Check, then start</Trans>
              </Title>
              <Text size="sm" c="dimmed">
                <Trans>Checking changes nothing: it shows what starting the new year will do.</Trans>
              </Text>
              <Group gap="sm">
                <Button variant="light" onClick={runCheck} loading={check.isPending} disabled={start.isPending}>
                  <Trans>Check</Trans>
                </Button>
                {preview ? (
                  <Button color="teal" onClick={() => confirmStart(preview)} loading={start.isPending}>
                    <Trans>Start the new year</Trans>
                  </Button>
                ) : null}
              </Group>
              {error ? (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              ) : null}
              {preview ? <SummaryView summary={preview} /> : null}
            </Stack>
          </Card>
        </>
      )}
    </Stack>
  );
}

/** The active students by standard, each with their way into the new year. */
function StudentChoices({ students, search, choices, onChoose }: { students: Student[]; search: string; choices: Record<string, Choice>; onChoose: (id: string, choice: Choice) => void }) {
  const { t } = useLingui();
  const names = useLocalNames();
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const byStandard = new Map<string, { standard: Student['standard']; students: Student[] }>();
    for (const student of students) {
      if (needle && !student.name.toLowerCase().includes(needle) && !student.studentCode.toLowerCase().includes(needle)) continue;
      const key = student.standard?._id ?? '';
      const group = byStandard.get(key) ?? { standard: student.standard, students: [] };
      group.students.push(student);
      byStandard.set(key, group);
    }
    return [...byStandard.entries()];
  }, [students, search]);
  const options = [
    { value: 'up', label: t`Moves up` },
    { value: 'repeat', label: t`Repeats` },
    { value: 'leave', label: t`Leaves` },
  ];
  if (students.length === 0) return <Text c="dimmed">{t`There are no active students.`}</Text>;
  if (groups.length === 0) return <Text c="dimmed">{t`No student matches this search.`}</Text>;
  return (
    <Stack gap="md" data-testid="rollover-students">
      {groups.map(([key, group]) => (
        <Stack key={key || 'none'} gap={6} component="section" aria-label={group.standard ? names.standard(group.standard) : t`No standard`}>
          <Text fw={700}>
            {group.standard ? names.standard(group.standard) : t`No standard (stays as is)`} · {plural(group.students.length, { one: '# student', other: '# students' })}
          </Text>
          {group.students.map((student) => (
            <Group key={student._id} justify="space-between" gap="xs" wrap="wrap" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {student.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {student.studentCode}
                </Text>
              </div>
              <SegmentedControl
                size="xs"
                aria-label={t`What ${student.name} does in the new year`}
                value={choices[student._id] ?? 'up'}
                onChange={(value) => onChoose(student._id, value as Choice)}
                data={options}
                color={choices[student._id] === 'leave' ? 'red' : choices[student._id] === 'repeat' ? 'orange' : undefined}
              />
            </Group>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

/** What a rollover does (the dry run) or did. */
function SummaryView({ summary }: { summary: RolloverSummary }) {
  const { t } = useLingui();
  const studentsText = (count: number) => plural(count, { one: '# student', other: '# students' });
  return (
    <Stack gap={4} data-testid="rollover-summary">
      <Text fw={700}>
        {summary.fromYear} → {summary.toYear}
      </Text>
      {summary.byStandard.map((row) => (
        <Text size="sm" key={row.from}>
          {row.to ? `${row.from} → ${row.to}: ${studentsText(row.count)}` : t`${row.from} → alumni: ${studentsText(row.count)}`}
        </Text>
      ))}
      <Text size="sm">{t`Repeating a standard: ${studentsText(summary.repeating)}`}</Text>
      <Text size="sm">{t`Leaving the academy: ${studentsText(summary.leaving)}`}</Text>
      <Text size="sm">{t`Batches ended and archived: ${summary.batchesArchived}`}</Text>
      <Text size="sm">{t`Unpaid fees carried to the new year: ${formatRupees(summary.amountCarried)} (${studentsText(summary.balancesCarried)})`}</Text>
    </Stack>
  );
}

/** The last rollover: what it did, and its undo while the new year has not begun (else the server's reason). */
function LatestRollover({ rollover }: { rollover: Rollover }) {
  const { t } = useLingui();
  const undo = useUndoRollover();
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  const confirmUndo = () =>
    modals.openConfirmModal({
      title: t`Undo the start of ${rollover.toYear}?`,
      children: <Text size="sm">{t`Students go back to their standards, batches are no longer archived and the previous year balances are removed, as before the rollover.`}</Text>,
      labels: { confirm: t`Undo`, cancel: t`Keep it` },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        undo.mutate(rollover._id, {
          onSuccess: ({ message }) => setOutcome({ color: 'teal', text: message ?? t`The rollover was undone` }),
          onError: (failure) => setOutcome({ color: 'red', text: normalizeError(failure).message }),
        }),
    });
  return (
    <Card withBorder padding="md" data-testid="latest-rollover">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>The new year was started</Trans>
        </Title>
        <SummaryView summary={rollover} />
        <Group gap="sm">
          <Button variant="light" color="red" onClick={confirmUndo} loading={undo.isPending}>
            <Trans>Undo</Trans>
          </Button>
        </Group>
        {outcome ? (
          <Alert color={outcome.color} role={outcome.color === 'red' ? 'alert' : 'status'}>
            {outcome.text}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
