import { Alert, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { AcademicYears, RolloverSummary } from '@academy/shared/schemas/academic-years';
import { DateField } from '../../../components/ui/date-field';
import { formatRupees } from '../../../lib/format-number';
import { useLocalNames } from '../../../lib/public-settings';
import type { Choice, RolloverState } from './use-rollover';

type Student = AcademicYears['students'][number];

/** The three steps of a new year: when last year ends, who repeats or leaves, the check and the start. */
export function RolloverSteps({ rollover, students }: { rollover: RolloverState; students: Student[] }) {
  return (
    <>
      <EndDateStep rollover={rollover} />
      <ExceptionsStep rollover={rollover} students={students} />
      <CheckStep rollover={rollover} />
    </>
  );
}

function EndDateStep({ rollover }: { rollover: RolloverState }) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>1. When last year ends</Trans>
        </Title>
        <DateField
          label={t`Last year's batches end on`}
          description={t`Batches that began before the new year end on this day (or earlier, if they already did) and are archived with their attendance, marks and fees.`}
          value={rollover.batchesEndOn}
          onChange={rollover.changeEndsOn}
          required
          maw={320}
        />
      </Stack>
    </Card>
  );
}

function ExceptionsStep({ rollover, students }: { rollover: RolloverState; students: Student[] }) {
  const { t } = useLingui();
  return (
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
          value={rollover.search}
          onChange={(event) => rollover.setSearch(event.currentTarget.value)}
          maw={420}
        />
        <StudentChoices students={students} search={rollover.search} choices={rollover.choices} onChoose={rollover.choose} />
      </Stack>
    </Card>
  );
}

function CheckStep({ rollover }: { rollover: RolloverState }) {
  const { preview, error } = rollover;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans>3. Check, then start</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Checking changes nothing: it shows what starting the new year will do.</Trans>
        </Text>
        <Group gap="sm">
          <Button variant="light" onClick={rollover.runCheck} loading={rollover.checking} disabled={rollover.starting}>
            <Trans>Check</Trans>
          </Button>
          {preview ? (
            <Button color="teal" onClick={() => rollover.confirmStart(preview)} loading={rollover.starting}>
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
export function SummaryView({ summary }: { summary: RolloverSummary }) {
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
