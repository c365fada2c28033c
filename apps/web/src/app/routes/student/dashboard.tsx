import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconCalendarTime, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentUser } from '../../../features/auth/use-current-user';
import { SCHEDULE_FAILURE, useStudentSchedule } from '../../../features/batches/api';
import { NextClassCard, TodayClasses } from '../../../features/batches/components/today-classes';

export function Component() {
  const user = useCurrentUser();
  const schedule = useStudentSchedule();

  return (
    <>
      <PageHeader title="Dashboard" description={user ? `Welcome, ${user.name}` : undefined} />
      <Stack gap="lg">
        {schedule.isPending ? (
          <Stack gap="md" aria-hidden="true">
            <Skeleton h={96} radius="md" />
            <Skeleton h={200} radius="md" />
          </Stack>
        ) : schedule.isError ? (
          <LoadErrorAlert title="Your timetable could not be loaded" error={schedule.error} fallback={SCHEDULE_FAILURE} onRetry={() => void schedule.refetch()} />
        ) : (
          <Stack gap="md">
            <NextClassCard schedule={schedule.data} />
            <TodayClasses schedule={schedule.data} emptyText="No class today. Enjoy the day!" />
          </Stack>
        )}
        <Group gap="xs">
          <Button component={Link} to="/app/student/schedule" variant="light" leftSection={<IconCalendarTime size={18} aria-hidden="true" />}>
            Weekly schedule
          </Button>
          <Button component={Link} to="/app/student/batches" variant="light" leftSection={<IconUsersGroup size={18} aria-hidden="true" />}>
            My batches
          </Button>
        </Group>
      </Stack>
    </>
  );
}
