import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AttendanceStatistics, StudentAttendance } from '@academy/shared/schemas/attendance';
import type { ParentChild } from '@academy/shared/schemas/parents';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { countStatuses, formatPercentage } from '../../../lib/attendance-display';
import { AttendanceRecordList } from '../../../features/attendance/components/attendance-record-list';
import { AttendanceStatusBadge } from '../../../features/attendance/components/status-badge';
import { PARENT_FAILURES, useChildAttendance, useChildSchedule, useParentChildren } from '../../../features/parents/api';
import { SCHEDULE_FAILURE } from '../../../features/batches/api';
import { WeeklyScheduleView } from '../../../features/batches/components/weekly-schedule-view';
import { todaysClasses } from '../../../lib/schedule-display';
import { ChildSwitcher } from '../../../features/parents/components/child-switcher';
import { ChildFeesDue } from '../../../features/fees/components/fees-due-card';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { useLocalNames } from '../../../lib/public-settings';
import { formatTimeZoneName } from '../../../lib/format-date';

/** Present and late over marked, for the months of one year ('YYYY'), as the server counts. */
function yearStatistics(report: StudentAttendance, year: string): AttendanceStatistics {
  const months = report.monthly.filter((month) => month.month.startsWith(year));
  const statuses = months.flatMap((month) => [
    ...Array<'present'>(month.present).fill('present'),
    ...Array<'absent'>(month.absent).fill('absent'),
    ...Array<'late'>(month.late).fill('late'),
    ...Array<'excused'>(month.excused).fill('excused'),
  ]);
  return countStatuses(statuses);
}

/** The parent's area (issue 21), phone-first: a child switcher, then the chosen child's day and percentages. */
export function Component() {
  const { t } = useLingui();
  const children = useParentChildren();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = children.data ?? [];
  const child = list.find((entry) => entry._id === chosen) ?? list[0];

  return (
    <>
      <PageHeader title={t`Your children`} description={t`Fees due, today's attendance and this month's, for each of your children.`} />
      {children.isPending ? (
        <Skeleton h={200} radius="md" aria-hidden="true" />
      ) : children.isError ? (
        <LoadErrorAlert title={t`Your children could not be loaded`} error={children.error} fallback={PARENT_FAILURES.children} onRetry={() => void children.refetch()} />
      ) : !child ? (
        <Text c="dimmed">
          <Trans>No child is linked to your account yet. Please ask the academy office.</Trans>
        </Text>
      ) : (
        <Stack gap="md">
          {/* What is due and when, for every child (overdue first, in red); nothing when nothing is due. */}
          {list.map((entry) => (
            <ChildFeesDue key={entry._id} child={entry} />
          ))}
          <ChildSwitcher list={list} value={child._id} onChange={setChosen} />
          <ChildOverview key={child._id} child={child} />
        </Stack>
      )}
    </>
  );
}

function ChildOverview({ child }: { child: ParentChild }) {
  const { t } = useLingui();
  const today = useAcademyToday();
  const names = useLocalNames();
  const attendance = useChildAttendance(child._id);
  // The same request as the weekly schedule below (one fetch): a day without a class says so.
  const schedule = useChildSchedule(child._id);
  const noClassToday = schedule.data ? todaysClasses(schedule.data).classes.every((entry) => entry.closure) : false;
  const report = attendance.data;
  const todays = report?.records.filter((record) => record.date === today) ?? [];
  const month = report?.monthly.find((entry) => entry.month === today.slice(0, 7));
  const year = report ? yearStatistics(report, today.slice(0, 4)) : undefined;

  return (
    <Stack gap="md" component="section" aria-label={child.name}>
      <Card withBorder radius="md" padding="md">
        <Stack gap={4}>
          <Title order={2} size="h4" data-testid="child-name">
            {child.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[child.standard && names.standard(child.standard), ...child.batches.map((batch) => batch.name)].filter(Boolean).join(' · ') || t`Not in a batch yet`}
          </Text>
        </Stack>
      </Card>
      {attendance.isPending ? (
        <Skeleton h={160} radius="md" aria-hidden="true" />
      ) : attendance.isError || !report ? (
        <LoadErrorAlert title={t`Attendance could not be loaded`} error={attendance.error} fallback={PARENT_FAILURES.attendance} onRetry={() => void attendance.refetch()} />
      ) : (
        <>
          <Card withBorder radius="md" padding="md" component="section" aria-label={t`Today`}>
            <Text fw={600} mb="xs">
              <Trans>Today</Trans>
            </Text>
            {todays.length === 0 ? (
              <Text size="sm" c="dimmed">
                {noClassToday ? <Trans>No class today.</Trans> : <Trans>Not marked yet today.</Trans>}
              </Text>
            ) : (
              <Stack gap={6}>
                {todays.map((record) => (
                  <Group key={record._id} justify="space-between" wrap="nowrap">
                    <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {record.batch.name}
                    </Text>
                    <AttendanceStatusBadge status={record.status} data-testid="today-status" />
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
          <SimpleGrid cols={2} spacing="sm">
            <Card withBorder radius="md" padding="md">
              <Text size="xs" c="dimmed">
                <Trans>This month</Trans>
              </Text>
              <Text fw={700} fz={24} data-testid="month-percentage">
                {formatPercentage(month?.percentage ?? null)}
              </Text>
            </Card>
            <Card withBorder radius="md" padding="md">
              <Text size="xs" c="dimmed">
                <Trans>This year</Trans>
              </Text>
              <Text fw={700} fz={24} data-testid="year-percentage">
                {formatPercentage(year?.percentage ?? null)}
              </Text>
            </Card>
          </SimpleGrid>
          <Stack gap="xs" component="section" aria-label={t`Recent attendance`}>
            <Title order={3} size="h5">
              <Trans>Recent attendance</Trans>
            </Title>
            <AttendanceRecordList records={report.records} showBatch={report.batches.length > 1} />
          </Stack>
        </>
      )}
      <ChildSchedule studentId={child._id} />
    </Stack>
  );
}

/** The child's week, as the student's own Schedule screen shows it (closures included). */
function ChildSchedule({ studentId }: { studentId: string }) {
  const { t } = useLingui();
  const schedule = useChildSchedule(studentId);
  const empty = schedule.data?.days.every((day) => day.classes.length === 0) ?? false;
  return (
    <Stack gap="xs" component="section" aria-labelledby="child-schedule-title">
      <Title order={3} size="h5" id="child-schedule-title">
        <Trans>Weekly schedule</Trans>
      </Title>
      {schedule.isPending ? (
        <Skeleton h={96} radius="md" aria-hidden="true" />
      ) : schedule.isError ? (
        <LoadErrorAlert title={t`The schedule could not be loaded`} error={schedule.error} fallback={SCHEDULE_FAILURE} onRetry={() => void schedule.refetch()} />
      ) : empty ? (
        <Text size="sm" c="dimmed">
          <Trans>No classes this week: your child is not in an active batch.</Trans>
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            <Trans>Times are in the academy&apos;s time zone ({formatTimeZoneName(schedule.data.timeZone)}).</Trans>
          </Text>
          <WeeklyScheduleView schedule={schedule.data} />
        </>
      )}
    </Stack>
  );
}
