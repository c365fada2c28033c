import { Anchor, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { OwnerMonth as OwnerMonthData } from '@academy/shared/schemas/dashboard';
import { formatDate, formatMonthYear } from '../../../lib/format-date';
import { formatNumber, formatRupees } from '../../../lib/format-number';
import { attendanceColor, targetShare } from '../dashboard-tiles';

/** How many batches each list shows (the worst first); the rest are counted. */
const LIST_LENGTH = 6;

/**
 * The owner's questions first (issue 42): the money in this month against last month and the target
 * set in Settings, what is overdue per batch, this week's attendance per batch, and the month's
 * enquiries and admissions. Months are named in the reader's language ("Nov 2026", "नोव्हें 2026").
 */
export function OwnerMonth({ month }: { month?: OwnerMonthData }) {
  const { t } = useLingui();
  if (!month) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-hidden="true">
        <Skeleton h={170} radius="md" />
        <Skeleton h={170} radius="md" />
      </SimpleGrid>
    );
  }
  const monthName = formatMonthYear(month.month);
  return (
    <section aria-labelledby="owner-month-heading">
      <Title order={2} size="h3" id="owner-month-heading" mb="sm">
        {t`This month: ${monthName}`}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Collected month={month} />
        <EnquiriesAndAdmissions month={month} />
        <OverdueByBatch month={month} />
        <AttendanceThisWeek month={month} />
      </SimpleGrid>
    </section>
  );
}

function Panel({ title, id, link, children }: { title: string; id: string; link?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {link ? (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}

function Collected({ month }: { month: OwnerMonthData }) {
  const { t } = useLingui();
  const { thisMonth, lastMonth, lastMonthToDate, target } = month.collected;
  const lastMonthName = formatMonthYear(month.lastMonth);
  const difference = thisMonth - lastMonthToDate;
  const share = target === null ? null : targetShare(thisMonth, target);
  return (
    <Panel title={t`Fees collected`} id="owner-collected-heading" link={{ to: '/app/fees?tab=report', label: t`Report` }}>
      <Text fz={30} fw={700} lh={1.15} c="teal.9" data-testid="owner-collected">
        {formatRupees(thisMonth)}
      </Text>
      <Text size="sm" c={difference < 0 ? 'red.9' : 'dimmed'} data-testid="owner-collected-compare">
        {difference === 0
          ? t`The same as by this day last month`
          : difference > 0
            ? t`${formatRupees(difference)} more than by this day last month`
            : t`${formatRupees(-difference)} less than by this day last month`}
      </Text>
      <Text size="sm" c="dimmed" data-testid="owner-collected-last-month">
        {t`${lastMonthName}: ${formatRupees(lastMonth)} in all`}
      </Text>
      {target !== null && share !== null ? (
        <Stack gap={4} mt="sm" data-testid="owner-target">
          <Progress value={Math.min(100, share)} color={share >= 100 ? 'teal' : 'blue'} size="lg" radius="xl" aria-label={t`${formatNumber(share, 0)}% of the month's target`} />
          <Text size="sm">
            {share >= 100
              ? t`Target of ${formatRupees(target)} reached`
              : t`${formatNumber(share, 0)}% of the ${formatRupees(target)} target; ${formatRupees(target - thisMonth)} to go`}
          </Text>
        </Stack>
      ) : null}
    </Panel>
  );
}

function EnquiriesAndAdmissions({ month }: { month: OwnerMonthData }) {
  const { t } = useLingui();
  const lastMonthName = formatMonthYear(month.lastMonth);
  const figure = (label: string, to: string, counts: { thisMonth: number; lastMonth: number }, testId: string) => (
    <Stack gap={0}>
      <Anchor component={Link} to={to} size="sm" c="dimmed">
        {label}
      </Anchor>
      <Text fz={30} fw={700} lh={1.15} data-testid={testId}>
        {formatNumber(counts.thisMonth)}
      </Text>
      <Text size="sm" c="dimmed">
        {t`${lastMonthName}: ${formatNumber(counts.lastMonth)}`}
      </Text>
    </Stack>
  );
  return (
    <Panel title={t`Enquiries and admissions`} id="owner-admissions-heading">
      <SimpleGrid cols={2} spacing="sm">
        {figure(t`Enquiries`, '/app/registrations', month.enquiries, 'owner-enquiries')}
        {figure(t`Admissions`, '/app/students', month.admissions, 'owner-admissions')}
      </SimpleGrid>
    </Panel>
  );
}

function OverdueByBatch({ month }: { month: OwnerMonthData }) {
  const { t } = useLingui();
  const shown = month.overdueByBatch.slice(0, LIST_LENGTH);
  const more = month.overdueByBatch.length - shown.length;
  const families = month.overdue.families;
  return (
    <Panel title={t`Overdue by batch`} id="owner-overdue-heading" link={{ to: '/app/fees', label: t`Dues` }}>
      {month.overdueByBatch.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing is overdue.</Trans>
        </Text>
      ) : (
        <>
          <Text fw={700} fz="xl" c="red.9" data-testid="owner-overdue">
            {formatRupees(month.overdue.amount)}
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            {plural(families, { one: 'from # family', other: 'from # families' })}
          </Text>
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="owner-overdue-batches">
            {shown.map((entry) => (
              <Group component="li" key={entry.batch?._id ?? 'none'} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                {entry.batch ? (
                  <Anchor component={Link} to={`/app/batches/${entry.batch._id}`} size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {entry.batch.name}
                  </Anchor>
                ) : (
                  <Text size="sm" fw={600} style={{ minWidth: 0 }}>
                    <Trans>Not of a batch (earlier balances)</Trans>
                  </Text>
                )}
                <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatRupees(entry.amount)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {plural(entry.families, { one: '# family', other: '# families' })}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
          <MoreBatches more={more} />
        </>
      )}
    </Panel>
  );
}

function AttendanceThisWeek({ month }: { month: OwnerMonthData }) {
  const { t } = useLingui();
  const { from, to, batches } = month.attendanceThisWeek;
  const shown = batches.slice(0, LIST_LENGTH);
  const more = batches.length - shown.length;
  const fromDate = formatDate(from);
  const toDate = formatDate(to);
  return (
    <Panel title={t`Attendance this week`} id="owner-attendance-heading">
      <Text size="xs" c="dimmed" mb="xs">
        {from === to ? fromDate : t`${fromDate} to ${toDate}, lowest first`}
      </Text>
      {batches.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No attendance marked this week yet.</Trans>
        </Text>
      ) : (
        <Stack gap={8} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="owner-attendance-batches">
          {shown.map((entry) => {
            const percent = entry.percentage ?? 0;
            return (
              <li key={entry.batch._id}>
                <Group justify="space-between" wrap="nowrap" gap="sm" mb={2}>
                  <Anchor component={Link} to={`/app/batches/${entry.batch._id}`} size="sm" fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {entry.batch.name}
                  </Anchor>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {entry.percentage === null ? '–' : `${formatNumber(entry.percentage, 1)}%`}
                  </Text>
                </Group>
                <Progress value={percent} color={attendanceColor(entry.percentage)} size="sm" radius="xl" aria-label={t`${entry.batch.name}: ${formatNumber(percent, 1)}% present`} />
              </li>
            );
          })}
        </Stack>
      )}
      <MoreBatches more={more} />
    </Panel>
  );
}

/** Under a list cut at LIST_LENGTH: how many batches it leaves out. */
function MoreBatches({ more }: { more: number }) {
  return more > 0 ? (
    <Text size="xs" c="dimmed" mt={6}>
      {plural(more, { one: 'and # more batch', other: 'and # more batches' })}
    </Text>
  ) : null;
}
