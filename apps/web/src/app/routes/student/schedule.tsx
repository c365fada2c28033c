import { Skeleton, Stack, Text } from '@mantine/core';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { SCHEDULE_FAILURE, useStudentSchedule } from '../../../features/batches/api';
import { WeeklyScheduleView } from '../../../features/batches/components/weekly-schedule-view';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/calendar-feed-card';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatTimeZoneName } from '../../../lib/format-date';

export function Component() {
  const schedule = useStudentSchedule();
  const empty = schedule.data?.days.every((day) => day.classes.length === 0) ?? false;
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={t`Schedule`} description={t`Your classes through the week.`} />
      {schedule.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} h={96} radius="md" />
          ))}
        </Stack>
      ) : schedule.isError ? (
        <LoadErrorAlert title={t`Your schedule could not be loaded`} error={schedule.error} fallback={SCHEDULE_FAILURE} onRetry={() => void schedule.refetch()} />
      ) : (
        <Stack gap="sm">
          {empty ? (
            <Text c="dimmed" py="lg" ta="center">
              <Trans>No classes this week: you are not in an active batch.</Trans>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>Times are in the academy&apos;s time zone ({formatTimeZoneName(schedule.data.timeZone)}).</Trans>
            </Text>
          )}
          {empty ? null : <WeeklyScheduleView schedule={schedule.data} />}
          {empty ? null : <CalendarFeedCard downloadPath="/api/student/schedule.ics" />}
        </Stack>
      )}
    </>
  );
}
