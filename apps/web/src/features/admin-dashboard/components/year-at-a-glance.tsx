import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { academicYearNameOf } from '@academy/shared/calendar';
import { useAcademicYearSelectProps } from '../../../components/ui/academic-year-choice';
import { SelectAfterTakeOver } from '../../../components/ui/select-after-take-over';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useYearSummary } from '../api';
import { formatNumber, formatRupees } from '../../../lib/format-number';

/**
 * The dashboard's academic year card (issue 39): the current year's figures by default, a past year's
 * from the switcher (its batches, students, attendance, tests, admissions and money), so the owner
 * compares this June with the last without leaving the dashboard.
 */
export function YearAtAGlance() {
  const { t } = useLingui();
  const [year, setYear] = useState('');
  const summary = useYearSummary(year);
  const calendarYear = academicYearNameOf(useAcademyToday());
  const currentYear = year === '' && summary.data ? summary.data.year : calendarYear;
  const yearSelect = useAcademicYearSelectProps({ currentYear, value: year, onChange: setYear });
  const data = summary.data;
  const figure = (label: string, value: string, testId: string, detail?: string) => (
    <Stack gap={0} key={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="year-at-a-glance">
      <Group justify="space-between" align="flex-end" mb="sm" gap="sm">
        <Title order={2} size="h4" id="year-at-a-glance">
          <Trans>The year at a glance</Trans>
        </Title>
        <SelectAfterTakeOver {...yearSelect} w={{ base: '100%', xs: 220 }} data-testid="dashboard-year" />
      </Group>
      {summary.isError ? (
        <LoadErrorAlert title={t`The year could not be loaded`} error={summary.error} fallback={t`Failed to load the year`} onRetry={() => void summary.refetch()} />
      ) : !data ? (
        <Skeleton h={120} radius="md" aria-hidden="true" />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }}>
          {figure(t`Batches`, formatNumber(data.batches), 'year-batches')}
          {figure(t`Students enrolled`, formatNumber(data.students), 'year-students')}
          {figure(t`Attendance`, data.attendance.percentage === null ? '–' : `${formatNumber(data.attendance.percentage)}%`, 'year-attendance')}
          {figure(t`Tests held`, formatNumber(data.tests), 'year-tests')}
          {figure(t`Enquiries`, formatNumber(data.enquiries), 'year-enquiries', t`${formatNumber(data.admitted)} admitted`)}
          {figure(t`Fees billed`, formatRupees(data.fees.billed - data.fees.concession), 'year-billed')}
          {figure(t`Collected`, formatRupees(data.fees.collected), 'year-collected')}
          {figure(t`Still owed`, formatRupees(data.fees.outstanding), 'year-outstanding')}
          {data.fees.carriedOver > 0 ? figure(t`Carried into the next year`, formatRupees(data.fees.carriedOver), 'year-carried') : null}
        </SimpleGrid>
      )}
    </Card>
  );
}
