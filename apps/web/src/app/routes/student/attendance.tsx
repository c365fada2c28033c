import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { ATTENDANCE_MESSAGES, useOwnAttendance, useOwnBatchAttendance, type AttendanceRange } from '../../../features/attendance/api';
import { formatPercentage, STATUS_COLORS } from '../../../lib/attendance-display';
import { DateRangeFields, validRange } from '../../../features/attendance/components/date-range-fields';
import { StudentAttendanceReport } from '../../../features/attendance/components/student-attendance-report';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';
import { QueryStates } from '../../../components/ui/query-states';

function percentageColor(percentage: number | null) {
  if (percentage === null) return 'dimmed';
  return percentage >= 85 ? STATUS_COLORS.present : percentage >= 70 ? STATUS_COLORS.late : STATUS_COLORS.absent;
}

export function Component() {
  const today = useAcademyToday();
  const [range, setRange] = useState<AttendanceRange>({});
  const applied = validRange(range);
  const overview = useOwnAttendance(applied);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const batches = overview.data?.batches ?? [];
  const batchId = batches.find((entry) => entry.batch._id === chosen)?.batch._id ?? batches[0]?.batch._id ?? '';
  const detail = useOwnBatchAttendance(batchId, applied);
  const { t } = useLingui();
  const names = useLocalNames();

  return (
    <>
      <PageHeader title={t`Attendance`} description={t`Your attendance in each batch: present and late count as attended.`} />
      <Stack gap="md">
        <DateRangeFields value={range} onChange={setRange} max={today} />
        {overview.isPending ? (
          <Skeleton h={200} radius="md" aria-hidden="true" />
        ) : overview.isError ? (
          <LoadErrorAlert title={t`Your attendance could not be loaded`} error={overview.error} fallback={ATTENDANCE_MESSAGES.studentFailed} onRetry={() => void overview.refetch()} />
        ) : batches.length === 0 ? (
          <Text c="dimmed">
            <Trans>You are not enrolled in any batch yet.</Trans>
          </Text>
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Your batches`}>
              {batches.map(({ batch, statistics }) => {
                const selected = batch._id === batchId;
                return (
                  <li key={batch._id}>
                    <UnstyledButton onClick={() => setChosen(batch._id)} aria-pressed={selected} style={{ display: 'block', width: '100%' }}>
                      <Card withBorder radius="md" padding="md" style={selected ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}>
                        <Group justify="space-between" wrap="nowrap" align="flex-start">
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {batch.name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {names.subject(batch.subject)} · {batch.teacher.name}
                            </Text>
                          </Stack>
                          <Text fw={700} fz={22} c={percentageColor(statistics.percentage)} data-testid={`batch-percentage-${batch._id}`}>
                            {formatPercentage(statistics.percentage)}
                          </Text>
                        </Group>
                        <Text size="xs" c="dimmed" mt={6}>
                          <Trans>
                            Present {statistics.present} · Late {statistics.late} · Absent {statistics.absent} · Excused {statistics.excused}
                          </Trans>
                        </Text>
                      </Card>
                    </UnstyledButton>
                  </li>
                );
              })}
            </SimpleGrid>
            {batchId ? (
              <Stack gap="sm" component="section" aria-labelledby="batch-attendance-title">
                <Title order={2} size="h4" id="batch-attendance-title">
                  {batches.find((entry) => entry.batch._id === batchId)?.batch.name}
                </Title>
                <QueryStates query={detail} skeleton={360} errorTitle={t`Attendance could not be loaded`} errorFallback={ATTENDANCE_MESSAGES.studentFailed}>
                  {(data) => (
                    <StudentAttendanceReport report={data} today={today} />
                  )}
                </QueryStates>
              </Stack>
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
