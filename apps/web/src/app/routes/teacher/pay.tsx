import { Anchor, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Leave } from '@academy/shared/schemas/pay';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { fieldErrorsOf } from '../../../lib/api-client';
import { formatDate, formatMonthYear } from '../../../lib/format-date';
import { DateField } from '../../../components/ui/date-field';
import { formatRupees } from '../../../lib/format-number';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { payslipUrl, useAskLeave, useCoveredClasses, useMyLeave, useMyPay } from '../../../features/pay/api';
import { LectureList } from '../../../features/pay/components/lecture-list';
import { PayMonthField, usePayMonth } from '../../../features/pay/components/pay-month-field';
import { QueryStates } from '../../../components/ui/query-states';

/**
 * My pay (issue 58): the teacher's lectures so far this month and the pay they make, their payslips of
 * approved months, and leave: ask for days off (or half a day) from the phone, and see what was decided.
 */
export function Component() {
  const { t } = useLingui();
  const payMonth = usePayMonth();
  const pay = useMyPay(payMonth.shown);
  return (
    <>
      <PageHeader title={t`My pay`} description={t`Your lectures, expected pay and payslips, and your leave.`} />
      <Stack gap="lg">
        <PayMonthField {...payMonth} />
        <QueryStates query={pay} skeleton={200} errorTitle={t`Your pay could not be loaded`} errorFallback={t`Failed to load your pay`}>
          {(data) => (
            <>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <Figure label={t`Lectures`} value={String(data.line.lectures)} />
                <Figure label={t`Hours`} value={String(data.line.hours)} />
                <Figure label={data.status === 'draft' ? t`Expected gross` : t`Gross`} value={formatRupees(data.line.gross)} />
                <Figure label={data.status === 'draft' ? t`Expected net` : t`Net`} value={formatRupees(data.line.net)} />
              </SimpleGrid>
              {data.line.deductions > 0 || data.line.tds > 0 ? (
                <Text size="sm" c="dimmed">
                  <Trans>
                    Deductions {formatRupees(data.line.deductions)} · TDS {formatRupees(data.line.tds)}
                  </Trans>
                </Text>
              ) : null}
              <LectureList lectures={data.lectures} />
              <Paper withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    <Trans>Payslips</Trans>
                  </Title>
                  {data.payslips.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      <Trans>No payslip yet: a month's payslip comes once the office approves its payroll.</Trans>
                    </Text>
                  ) : (
                    data.payslips.map((slip) => (
                      <Group key={slip.month} justify="space-between">
                        <Anchor href={payslipUrl(slip.month, data.line.teacherId)} target="_blank">
                          {formatMonthYear(slip.month, 'long')}
                        </Anchor>
                        <Text size="sm">{formatRupees(slip.net)}</Text>
                      </Group>
                    ))
                  )}
                </Stack>
              </Paper>
            </>
          )}
        </QueryStates>
        <Covering />
        <AskLeave />
        <MyLeave />
      </Stack>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

function AskLeave() {
  const { t } = useLingui();
  const today = useAcademyToday();
  const ask = useAskLeave();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [halfDay, setHalfDay] = useState(false);
  const [reason, setReason] = useState('');
  const errors = fieldErrorsOf(ask.error) ?? {};
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ask-leave-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="ask-leave-title">
          <Trans>Ask for leave</Trans>
        </Title>
        <Group gap="sm" wrap="wrap" align="flex-start">
          {/* The app's date field (DD-MM-YYYY, month names in the reader's language), not the phone's own picker (issue 73). */}
          <DateField label={t`From`} value={from} onChange={setFrom} required error={errors.from} style={{ flex: '1 1 9rem' }} />
          <DateField label={t`To`} value={halfDay ? from : to} disabled={halfDay} onChange={setTo} min={from || undefined} required error={errors.to} style={{ flex: '1 1 9rem' }} />
        </Group>
        <Checkbox label={t`Half a day`} checked={halfDay} onChange={(event) => setHalfDay(event.currentTarget.checked)} error={errors.halfDay} />
        <Textarea label={t`Reason`} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={errors.reason} autosize minRows={2} maxLength={300} />
        <Group>
          <Button
            loading={ask.isPending}
            onClick={() =>
              ask.mutate(
                { from, to: halfDay ? from : to, halfDay, reason },
                {
                  onSuccess: ({ message }) => {
                    notifications.show({ color: 'teal', message });
                    setReason('');
                  },
                },
              )
            }
          >
            <Trans>Send the request</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function LeaveStatus({ leave }: { leave: Leave }) {
  const { t } = useLingui();
  if (leave.status === 'pending') return <Badge variant="light" color="gray" tt="none">{t`Waiting`}</Badge>;
  if (leave.status === 'rejected') return <Badge variant="light" color="red" tt="none">{t`Refused`}</Badge>;
  return <Badge variant="light" color="teal" tt="none">{leave.unpaid ? t`Approved, unpaid` : t`Approved, paid`}</Badge>;
}

function MyLeave() {
  const { t } = useLingui();
  const leave = useMyLeave();
  if (leave.isPending) return <Skeleton h={80} radius="md" aria-hidden="true" />;
  if (leave.isError) return <LoadErrorAlert title={t`Your leave could not be loaded`} error={leave.error} fallback={t`Failed to load your leave`} onRetry={() => void leave.refetch()} />;
  if (leave.data.leave.length === 0) return null;
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Your leave`}>
      {leave.data.leave.map((item) => (
        <Group key={item._id} component="li" justify="space-between" wrap="wrap" gap="xs" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="sm">
            {item.from === item.to ? formatDate(item.from) : `${formatDate(item.from)} – ${formatDate(item.to)}`}
            {item.halfDay ? ` · ${t`half day`}` : ''} · {item.reason}
          </Text>
          <LeaveStatus leave={item} />
        </Group>
      ))}
    </Stack>
  );
}

/** The classes this teacher covers for another (issue 58): each opens that day's sheet to mark. */
function Covering() {
  const covered = useCoveredClasses();
  if (!covered.data || covered.data.classes.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="covering-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="covering-title">
          <Trans>Classes you cover</Trans>
        </Title>
        {covered.data.classes.map((item) => (
          <Group key={`${item.batch._id}-${item.date}`} justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {item.batch.name} · {formatDate(item.date)} · {item.batch.schedule.startTime}
            </Text>
            <Button component={Link} to={`/app/teacher/attendance/mark?batchId=${item.batch._id}&date=${item.date}`} size="xs" variant="light">
              <Trans>Mark attendance</Trans>
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
