import { Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconChecklist, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { AttendanceOutboxPanel } from '../../../features/attendance/components/attendance-outbox';
import { useCurrentUser } from '../../../lib/session';
import { SCHEDULE_FAILURE, useMyTeacherSchedule } from '../../../features/batches/api';
import { markAttendanceHref } from '../../../features/batches/batch-links';
import { NextClassCard, TodayClasses } from '../../../features/batches/components/today-classes';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const schedule = useMyTeacherSchedule();

  return (
    <>
      <PageHeader title={t`Dashboard`} description={user ? t`Welcome, ${user.name}` : undefined} />
      <Stack gap="lg">
        <AttendanceOutboxPanel />
        <Group gap="xs">
          <Button component={Link} to="/app/teacher/attendance/mark" leftSection={<IconChecklist size={18} aria-hidden="true" />}>
            <Trans>Mark attendance</Trans>
          </Button>
          <Button component={Link} to="/app/teacher/batches" variant="light" leftSection={<IconUsersGroup size={18} aria-hidden="true" />}>
            <Trans>My batches</Trans>
          </Button>
          <Button component={Link} to="/app/teacher/students" variant="light" leftSection={<IconUsers size={18} aria-hidden="true" />}>
            <Trans>My students</Trans>
          </Button>
        </Group>
        {schedule.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" aria-hidden="true">
            <Skeleton h={96} radius="md" />
            <Skeleton h={200} radius="md" style={{ gridColumn: 'span 2' }} />
          </SimpleGrid>
        ) : schedule.isError ? (
          <LoadErrorAlert title={t`Your timetable could not be loaded`} error={schedule.error} fallback={SCHEDULE_FAILURE} onRetry={() => void schedule.refetch()} />
        ) : (
          <Stack gap="md">
            <NextClassCard schedule={schedule.data} />
            <TodayClasses schedule={schedule.data} attendanceHref={markAttendanceHref} emptyText={t`No class today.`} />
          </Stack>
        )}
      </Stack>
    </>
  );
}
