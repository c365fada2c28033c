import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useAdminDashboardSummary } from '../../../features/admin-dashboard/api';
import { AbsentToday } from '../../../features/admin-dashboard/components/absent-today';
import { AbsenceAlertsPanel } from '../../../features/parents/components/absence-alerts-panel';
import { AttendanceOverview } from '../../../features/admin-dashboard/components/attendance-overview';
import { BatchesNearCapacity } from '../../../features/admin-dashboard/components/batches-near-capacity';
import { CountTiles } from '../../../features/admin-dashboard/components/count-tiles';
import { CallToday } from '../../../features/admissions/components/enquiry-call-today';
import { OwnerMonth } from '../../../features/admin-dashboard/components/owner-month';
import { OffsiteBackupWarning } from '../../../features/admin-dashboard/components/offsite-backup-warning';
import { RecentRegistrations } from '../../../features/admin-dashboard/components/recent-registrations';
import { RecentStudents } from '../../../features/admin-dashboard/components/recent-students';
import { YearAtAGlance } from '../../../features/admin-dashboard/components/year-at-a-glance';
import { useCurrentUser } from '../../../features/auth/use-current-user';
import { useLingui } from '@lingui/react/macro';
import { FeeSummaryTiles } from '../../../features/fees/components/fee-summary-tiles';

export function Component() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const summary = useAdminDashboardSummary();
  return (
    <>
      <PageHeader title={t`Dashboard`} description={user ? t`Welcome, ${user.name}` : undefined} />
      {summary.isError ? (
        <LoadErrorAlert title={t`The dashboard could not be loaded`} error={summary.error} fallback={t`Failed to load the dashboard`} onRetry={() => void summary.refetch()} />
      ) : (
        <Stack gap="lg">
          {/* Backups that did not reach the bucket (issue 52): before anything else, until a retry succeeds. */}
          <OffsiteBackupWarning offsite={summary.data?.offsiteBackups} />
          {/* The owner's questions first (issue 42): money, overdue, attendance, admissions this month. */}
          <OwnerMonth month={summary.data?.month} />
          {/* Admission season (issue 41): the families to call today. */}
          <CallToday />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <AbsentToday />
            <AbsenceAlertsPanel />
          </SimpleGrid>
          <FeeSummaryTiles linkToFees />
          <CountTiles counts={summary.data?.counts} />
          {summary.data ? <AttendanceOverview attendance={summary.data.attendance} /> : <Skeleton h={300} radius="md" aria-hidden="true" />}
          {summary.data ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <RecentStudents students={summary.data.recentStudents} />
              <RecentRegistrations registrations={summary.data.recentRegistrations} />
              <BatchesNearCapacity batches={summary.data.batchesNearCapacity} />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-hidden="true">
              <Skeleton h={280} radius="md" />
              <Skeleton h={280} radius="md" />
            </SimpleGrid>
          )}
          <YearAtAGlance />
        </Stack>
      )}
    </>
  );
}
