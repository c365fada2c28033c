import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { AfterTakeOver } from '../../../components/ui/after-take-over';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useAbsentToday, useAdminDashboardSummary } from '../../../features/admin-dashboard/api';
import { AbsentToday } from '../../../features/admin-dashboard/components/absent-today';
import { AbsenceAlertsPanel } from '../../../features/parents/components/absence-alerts-panel';
import { AttendanceOverview } from '../../../features/admin-dashboard/components/attendance-overview';
import { BatchesNearCapacity } from '../../../features/admin-dashboard/components/batches-near-capacity';
import { CountTiles } from '../../../features/admin-dashboard/components/count-tiles';
import { DashboardTodos, type DashboardTodo } from '../../../features/admin-dashboard/components/dashboard-todos';
import { CALL_TODAY_LIMIT, CallToday } from '../../../features/admissions/components/enquiry-call-today';
import { useEnquiries } from '../../../features/admissions/api';
import { OwnerMonth } from '../../../features/admin-dashboard/components/owner-month';
import { OffsiteBackupWarning } from '../../../features/admin-dashboard/components/offsite-backup-warning';
import { RecentRegistrations } from '../../../features/admin-dashboard/components/recent-registrations';
import { EnquiryStatusBadge } from '../../../features/admissions/components/enquiry-status-badge';
import { RecentStudents } from '../../../features/admin-dashboard/components/recent-students';
import { YearAtAGlance } from '../../../features/admin-dashboard/components/year-at-a-glance';
import { LeaveRequests } from '../../../features/pay/components/leave-requests';
import { useFeeSummary } from '../../../features/fees/api';
import { useCurrentUser } from '../../../lib/session';
import { useLingui } from '@lingui/react/macro';

/**
 * The office's to-dos from the answers the dashboard reads anyway (the same queries as the cards below, so no
 * request more): UPI reports and bank credits waiting, failed and held messages, families to call, absent
 * students' families not called yet. Undefined until they are all in.
 */
function useTodos(messages: { failed: number; held: number; waitingReplies: number } | undefined): DashboardTodo[] | undefined {
  const fees = useFeeSummary();
  const absent = useAbsentToday();
  const page = { page: '1', limit: String(CALL_TODAY_LIMIT) };
  const overdueCalls = useEnquiries({ followUp: 'overdue', ...page });
  const todayCalls = useEnquiries({ followUp: 'today', ...page });
  // A card that could not load says so itself below; its to-do is left out rather than holding the rest.
  const settled = [fees, absent, overdueCalls, todayCalls].every((query) => !query.isPending);
  if (!settled || !messages) return undefined;
  const calls = (overdueCalls.data?.pagination.total ?? 0) + (todayCalls.data?.pagination.total ?? 0);
  const notCalled = absent.data?.students.filter((student) => !student.called).length ?? 0;
  const pendingClaims = fees.data?.pendingClaims ?? 0;
  const credits = fees.data?.unreconciledCredits ?? 0;
  const statementId = fees.data?.unreconciledStatementId;
  return [
    { id: 'fees-pending-claims', count: pendingClaims, label: plural(pendingClaims, { one: '# UPI payment to confirm', other: '# UPI payments to confirm' }), to: '/app/fees?tab=upi', color: 'red' },
    {
      id: 'fees-unreconciled-credits',
      count: credits,
      label: plural(credits, { one: '# bank credit without a receipt', other: '# bank credits without a receipt' }),
      to: statementId ? `/app/fees?tab=statement&statement=${statementId}` : '/app/fees?tab=statement',
      color: 'red',
    },
    // Families' WhatsApp messages no automatic answer covered (issue 60).
    { id: 'todo-conversations', count: messages.waitingReplies, label: plural(messages.waitingReplies, { one: '# family waits for an answer on WhatsApp', other: '# families wait for an answer on WhatsApp' }), to: '/app/messages/conversations', color: 'orange' },
    { id: 'todo-failed-messages', count: messages.failed, label: plural(messages.failed, { one: '# message to a family failed', other: '# messages to families failed' }), to: '/app/messages?status=failed', color: 'red' },
    { id: 'todo-calls', count: calls, label: plural(calls, { one: '# family to call about admission', other: '# families to call about admission' }), to: '#call-today-title', color: 'orange' },
    { id: 'todo-absent', count: notCalled, label: plural(notCalled, { one: '# absent student’s family not called yet', other: '# absent students’ families not called yet' }), to: '#absent-today-title', color: 'orange' },
    { id: 'todo-held-messages', count: messages.held, label: plural(messages.held, { one: '# message held for the quiet hours', other: '# messages held for the quiet hours' }), to: '/app/messages?status=queued', color: 'blue' },
  ];
}

/**
 * A new academy's first steps: its own data, never in the page the server draws (the card is not drawn before the
 * take-over), so its code (the list, its icons) comes right after the take-over (decision 110).
 */
const loadFirstRunChecklist = () => import('../../../features/first-run/first-run-checklist').then((module) => ({ Part: module.FirstRunChecklist }));

/**
 * The owner's morning on a phone (issue 54: it ran to 8 screens): to-dos first, then the month's money once
 * (the fee tiles that repeated it are on the Fees screen), the day's calls and absences, messages as counts.
 */
export function Component() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const summary = useAdminDashboardSummary();
  const messages = summary.data?.messagesToday;
  const replies = summary.data?.repliesToday;
  const todos = useTodos(messages && replies ? { failed: messages.byStatus.failed, held: messages.held, waitingReplies: replies.waiting } : undefined);
  return (
    <>
      <PageHeader title={t`Dashboard`} description={user ? t`Welcome, ${user.name}` : undefined} />
      {summary.isError ? (
        <LoadErrorAlert title={t`The dashboard could not be loaded`} error={summary.error} fallback={t`Failed to load the dashboard`} onRetry={() => void summary.refetch()} />
      ) : (
        <Stack gap="lg">
          {/* Backups that did not reach the bucket (issue 52): before anything else, until a retry succeeds. */}
          <OffsiteBackupWarning offsite={summary.data?.offsiteBackups} />
          {/* What waits for the office (issue 54): first, on the phone's first screen. */}
          <DashboardTodos items={todos} />
          {/* A new academy's first steps (issue 55; eight since issue 73): gone once done or hidden. After the
              to-dos, which a new academy has none of, so an academy at work still opens on what waits for it. */}
          <AfterTakeOver load={loadFirstRunChecklist} props={{}} />
          {/* Families' WhatsApp messages today (issue 60): how many came and how many answered themselves. */}
          {replies && replies.received > 0 ? (
            <Text size="sm" c="dimmed">
              {t`WhatsApp today: ${replies.received} received, ${replies.answeredAutomatically} answered automatically, ${replies.waiting} waiting for the office`}
            </Text>
          ) : null}
          {/* The owner's questions (issue 42): money, overdue, attendance, admissions this month. */}
          <OwnerMonth month={summary.data?.month} />
          {/* Teachers' leave (issue 58): requests to decide, classes that need a substitute. */}
          <LeaveRequests />
          {/* Admission season (issue 41): the families to call today. */}
          <CallToday />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <AbsentToday />
            <AbsenceAlertsPanel counts={messages} />
          </SimpleGrid>
          <CountTiles counts={summary.data?.counts} />
          {summary.data ? <AttendanceOverview attendance={summary.data.attendance} /> : <Skeleton h={300} radius="md" aria-hidden="true" />}
          {summary.data ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <RecentStudents students={summary.data.recentStudents} />
              <RecentRegistrations registrations={summary.data.recentRegistrations} statusBadge={(status) => <EnquiryStatusBadge status={status} />} />
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
