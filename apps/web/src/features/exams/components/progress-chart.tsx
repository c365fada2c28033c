import { Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { StudentExam } from '@academy/shared/schemas/exams';
import { formatDate } from '../../../lib/format-date';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

const ProgressChartLines = lazy(() => import('./progress-chart-lines'));

/**
 * A student's percentage across tests with the batch average, per subject (like the attendance
 * monthly chart: the chart code loads only when shown, and a list is read out instead).
 */
export function ProgressChart({ tests, studentName }: { tests: StudentExam[]; /** Whose line it is, on a parent's or staff screen; without it "Your %". */ studentName?: string }) {
  const { t } = useLingui();
  const names = useLocalNames();
  // One choice per subject, by its id; labelled in the reader's language.
  const subjects = [...new Map(tests.map((entry) => [entry.test.batch.subject._id, { value: entry.test.batch.subject._id, label: names.subject(entry.test.batch.subject) }])).values()];
  const [chosen, setChosen] = useState(subjects[0]?.value ?? '');
  const subject = subjects.some((option) => option.value === chosen) ? chosen : (subjects[0]?.value ?? '');
  if (tests.length === 0) return null;
  const shown = tests.filter((entry) => entry.test.batch.subject._id === subject);
  const mine = studentName ? t`${studentName} %` : t`Your %`;
  const average = t`Batch average %`;
  const data = shown.map((entry) => ({ test: entry.test.name, [mine]: entry.percentage, [average]: entry.averagePercentage }));
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          <Trans>Progress</Trans>
        </Text>
        {subjects.length > 1 ? <SegmentedControl size="xs" data={subjects} value={subject} onChange={setChosen} aria-label={t`Subject`} /> : null}
        <div aria-hidden="true" inert>
          <Suspense fallback={<Skeleton h={220} radius="md" />}>
            <ProgressChartLines
              data={data}
              series={[
                { name: mine, color: 'blue.6' },
                { name: average, color: 'gray.5' },
              ]}
            />
          </Suspense>
        </div>
        <ul style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {shown.map((entry) => (
            <li key={entry.test._id}>
              {entry.test.name}, {formatDate(entry.test.date)}: {entry.percentage === null ? t`absent` : t`${entry.percentage}%, batch average ${entry.averagePercentage ?? 0}%`}
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
}
