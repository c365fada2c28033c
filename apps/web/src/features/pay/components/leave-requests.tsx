import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Leave } from '@academy/shared/schemas/pay';
import { normalizeError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useTeachers } from '../../teachers/api';
import { useAssignSubstitute, useDecideLeave, useLeaveRequests } from '../api';
import { QueryStates } from '../../../components/ui/query-states';
import { SelectAfterTakeOver } from '../../../components/ui/select-after-take-over';
import { PlainCheckbox } from '../../../components/ui/plain-checkbox';

/**
 * The admin dashboard's leave card (issue 58): requests waiting for a decision (approve unpaid or paid,
 * or refuse), and approved leave's classes, those without a substitute marked "needs substitute", each
 * with the teacher to assign and whether to tell the families.
 */
export function LeaveRequests() {
  const { t } = useLingui();
  const leave = useLeaveRequests();
  const needing = leave.data?.leave.flatMap((item) => item.classes.filter((lesson) => !lesson.substitute)).length ?? 0;
  // Nothing to decide or cover: the card keeps the phone's first screen for what waits.
  if (leave.data?.leave.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="leave-requests-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="leave-requests-title" style={{ scrollMarginTop: 80 }}>
            <Trans>Teachers' leave</Trans>
          </Title>
          {needing > 0 ? (
            <Badge variant="light" color="orange" tt="none">
              {plural(needing, { one: '# class needs a substitute', other: '# classes need a substitute' })}
            </Badge>
          ) : null}
        </Group>
        <QueryStates query={leave} skeleton={100} errorTitle={t`The leave requests could not be loaded`} errorFallback={t`Failed to load the leave requests`}>
          {(data) => (
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.leave.map((item) => (
                <LeaveItem key={item._id} leave={item} />
              ))}
            </Stack>
          )}
        </QueryStates>
      </Stack>
    </Paper>
  );
}

function LeaveItem({ leave }: { leave: Leave }) {
  const { t } = useLingui();
  const decide = useDecideLeave();
  const days = leave.from === leave.to ? formatDate(leave.from) : `${formatDate(leave.from)} – ${formatDate(leave.to)}`;
  const run = (decision: 'approve' | 'reject', unpaid?: boolean) =>
    decide.mutate({ id: leave._id, decision, unpaid }, { onSuccess: ({ message }) => notifications.show({ color: 'teal', message }), onError: (error) => notifications.show({ color: 'red', message: normalizeError(error).message }) });
  return (
    <Stack component="li" gap="xs" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={600}>{leave.teacher.name}</Text>
          <Text size="sm" c="dimmed">
            {days}
            {leave.halfDay ? ` · ${t`half day`}` : ''} · {leave.reason}
          </Text>
        </Stack>
        {leave.status === 'pending' ? (
          <Group gap="xs" wrap="wrap">
            <Button size="xs" loading={decide.isPending} onClick={() => run('approve', true)}>
              <Trans>Approve (unpaid)</Trans>
            </Button>
            <Button size="xs" variant="light" loading={decide.isPending} onClick={() => run('approve', false)}>
              <Trans>Approve (paid)</Trans>
            </Button>
            <Button size="xs" variant="subtle" color="red" loading={decide.isPending} onClick={() => run('reject')}>
              <Trans>Refuse</Trans>
            </Button>
          </Group>
        ) : (
          <Badge variant="light" color="teal" tt="none">
            {leave.unpaid ? t`Approved, unpaid` : t`Approved, paid`}
          </Badge>
        )}
      </Group>
      {leave.classes.map((lesson) => (
        <CoverClass key={`${lesson.batchId}-${lesson.date}`} leave={leave} lesson={lesson} />
      ))}
    </Stack>
  );
}

function CoverClass({ leave, lesson }: { leave: Leave; lesson: Leave['classes'][number] }) {
  const { t } = useLingui();
  const teachers = useTeachers({ status: 'active' });
  const assign = useAssignSubstitute();
  const [teacher, setTeacher] = useState<string | null>(null);
  const [notify, setNotify] = useState(false);
  const options = (teachers.data ?? []).filter((item) => item._id !== leave.teacher._id).map((item) => ({ value: item._id, label: item.name }));
  return (
    <Group gap="xs" wrap="wrap" pl="md" align="flex-end">
      <Stack gap={0} style={{ flex: '1 1 12rem' }}>
        <Text size="sm" fw={500}>
          {lesson.batchName} · {formatDate(lesson.date)} · {lesson.startTime}
        </Text>
        {lesson.substitute ? (
          <Text size="sm" c="teal">
            <Trans>Substitute: {lesson.substitute.name}</Trans>
          </Text>
        ) : (
          <Badge variant="light" color="orange" tt="none" w="fit-content">
            <Trans>Needs substitute</Trans>
          </Badge>
        )}
      </Stack>
      <SelectAfterTakeOver size="xs" aria-label={t`Substitute teacher`} placeholder={t`Choose a teacher`} data={options} value={teacher} onChange={setTeacher} searchable style={{ flex: '1 1 10rem' }} />
      <PlainCheckbox role="switch" label={t`Tell the families`} checked={notify} onChange={(event) => setNotify(event.currentTarget.checked)} />
      <Button
        size="xs"
        disabled={!teacher}
        loading={assign.isPending}
        onClick={() =>
          teacher &&
          assign.mutate(
            { batchId: lesson.batchId, date: lesson.date, teacher, notifyFamilies: notify },
            { onSuccess: ({ message }) => notifications.show({ color: 'teal', message }), onError: (error) => notifications.show({ color: 'red', message: normalizeError(error).message }) },
          )
        }
      >
        {lesson.substitute ? <Trans>Change</Trans> : <Trans>Assign</Trans>}
      </Button>
    </Group>
  );
}
