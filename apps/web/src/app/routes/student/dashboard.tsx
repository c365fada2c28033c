import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { formatPercentage, monthLabel } from '../../../lib/attendance-display';
import { AttendanceStatusBadge } from '../../../features/attendance/components/status-badge';
import { useCurrentUser } from '../../../lib/session';
import { NextClassCard, TodayClasses } from '../../../features/batches/components/today-classes';
import { todaysClasses } from '../../../lib/schedule-display';
import { STUDENT_DASHBOARD_FAILURE, useStudentDashboard } from '../../../features/student-dashboard/api';
import { formatDate } from '../../../lib/format-date';
import { OwnFeesDue } from '../../../features/fees/components/fees-due-card';
import { OpenOnlineTestsCard } from '../../../features/online-tests/components/open-tests-card';
import { DueNextHomeworkCard } from '../../../features/homework/components/due-next-card';
import { useLocalNames } from '../../../lib/public-settings';

function Section({ label, title, more, children }: { label: string; title: string; more?: { to: string; text: string }; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {more ? (
            <Anchor component={Link} to={more.to} size="sm">
              {more.text}
            </Anchor>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
type StudentDashboard = NonNullable<ReturnType<typeof useStudentDashboard>['data']>;

export function Component() {
  const user = useCurrentUser();
  const dashboard = useStudentDashboard();
  const { t } = useLingui();

  return (
    <>
      <PageHeader title={t`Dashboard`} description={user ? t`Welcome, ${user.name}` : undefined} />
      <Stack gap="lg">
        {dashboard.isPending ? (
          <Stack gap="md" aria-hidden="true">
            <Skeleton h={96} radius="md" />
            <Skeleton h={200} radius="md" />
          </Stack>
        ) : dashboard.isError ? (
          <LoadErrorAlert title={t`Your dashboard could not be loaded`} error={dashboard.error} fallback={STUDENT_DASHBOARD_FAILURE} onRetry={() => void dashboard.refetch()} />
        ) : (
          <DashboardCards data={dashboard.data} />
        )}
        <QuickLinks />
      </Stack>
    </>
  );
}

function DashboardCards({ data }: { data: StudentDashboard }) {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <OpenOnlineTestsCard />
      <DueNextHomeworkCard />
      <OwnFeesDue />
      <NextClassCard schedule={data.schedule} />
      <TodayClasses schedule={data.schedule} emptyText={t`No class today. Enjoy the day!`} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AttendanceSection data={data} />
        <AnnouncementsSection announcements={data.announcements} />
      </SimpleGrid>
      <NotesSection notes={data.notes} />
    </Stack>
  );
}

/** Today's marks in each batch and this month's share of classes attended. */
function AttendanceSection({ data }: { data: StudentDashboard }) {
  const { t } = useLingui();
  return (
    <Section label={t`Attendance`} title={t`Attendance`} more={{ to: '/app/student/attendance', text: t`All attendance` }}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          <Trans>Today</Trans>
        </Text>
        {data.attendance.today.length === 0 ? (
          <Text size="sm">
            {/* A day without a class has nothing to mark: say so, not "not yet". */}
            {todaysClasses(data.schedule).classes.every((entry) => entry.closure) ? <Trans>No class today.</Trans> : <Trans>Not marked yet today.</Trans>}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.attendance.today.map((entry) => (
              <Group key={entry.batch._id} component="li" gap="xs" wrap="nowrap">
                <AttendanceStatusBadge status={entry.status} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.batch.name}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {monthLabel(data.attendance.month, true)}
        </Text>
        <Text fw={700} size="xl" data-testid="month-percentage">
          {formatPercentage(data.attendance.monthStatistics.percentage)}
        </Text>
        <Text size="xs" c="dimmed">
          {data.attendance.monthStatistics.total === 0
            ? t`No class marked this month yet`
            : t`In class ${data.attendance.monthStatistics.present + data.attendance.monthStatistics.late} of ${data.attendance.monthStatistics.total} marked classes`}
        </Text>
      </Stack>
    </Section>
  );
}

function AnnouncementsSection({ announcements }: { announcements: StudentDashboard['announcements'] }) {
  const { t } = useLingui();
  return (
    <Section label={t`Announcements`} title={t`Announcements`} more={{ to: '/app/student/announcements', text: t`All announcements` }}>
      {announcements.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No announcement right now.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {announcements.map((announcement) => (
            <li key={announcement._id}>
              <Anchor component={Link} to={`/app/student/announcements/${announcement._id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {announcement.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {announcement.closure ? t`Academy closed` + ' · ' : ''}
                {t`${formatDate(announcement.startDate)} to ${formatDate(announcement.endDate)}`}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function NotesSection({ notes }: { notes: StudentDashboard['notes'] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  return (
    <Section label={t`Newest notes`} title={t`Newest notes`} more={{ to: '/app/student/notes', text: t`All notes` }}>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No notes yet.</Trans>
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {notes.map((note) => (
            <li key={note._id}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {note.title}
              </Text>
              <Text size="xs" c="dimmed">
                {[note.subject && names.subject(note.subject), note.batch?.name, formatDate(note.createdAt)].filter(Boolean).join(' · ')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function QuickLinks() {
  return (
    <Group gap="xs">
      <Button component={Link} to="/app/student/schedule" variant="light" leftSection={<IconCalendarTime size={18} aria-hidden="true" />}>
        <Trans>Weekly schedule</Trans>
      </Button>
      <Button component={Link} to="/app/student/batches" variant="light" leftSection={<IconUsersGroup size={18} aria-hidden="true" />}>
        <Trans>My batches</Trans>
      </Button>
    </Group>
  );
}
