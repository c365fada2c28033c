import { Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BatchSummary } from '@academy/shared/schemas/batches';
import { useStudentAttendance, type AttendanceRange } from '../api';
import { formatPercentage } from '../../../lib/attendance-display';
import { DateRangeFields, validRange } from './date-range-fields';
import { StudentAttendancePanel } from './student-attendance-panel';
import { Trans, useLingui } from '@lingui/react/macro';

/** One batch's percentage for the student (all time); one small query each, shared with the panel's cache. */
function BatchPercentage({ studentId, batch }: { studentId: string; batch: BatchSummary }) {
  const { t } = useLingui();
  const summary = useStudentAttendance(studentId, batch._id, {});
  const percentage = summary.data?.statistics.percentage;
  return (
    <Badge role="listitem" size="lg" variant="light" tt="none" color={summary.data && percentage !== null ? 'blue' : 'gray'}>
      {batch.name}: {summary.data ? formatPercentage(percentage ?? null) : summary.isError ? t`not loaded` : '…'}
    </Badge>
  );
}

/**
 * The admin's view of a student's attendance: the percentage in each of their batches, then the
 * student-wise view of one batch (?batchId= picks it, e.g. from a batch's history grid).
 */
export function StudentAttendanceSection({ studentId, batches }: { studentId: string; batches: BatchSummary[] }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(params.get('batchId'));
  const [range, setRange] = useState<AttendanceRange>({});
  const batchId = batches.find((batch) => batch._id === chosen)?._id ?? batches[0]?._id;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" id="attendance" aria-labelledby="student-attendance-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="student-attendance-title">
          <Trans>Attendance</Trans>
        </Title>
        {batches.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Not enrolled in any batch, so no attendance yet.</Trans>
          </Text>
        ) : (
          <>
            <Group gap="xs" aria-label={t`Attendance per batch`} role="list">
              {batches.map((batch) => (
                <BatchPercentage key={batch._id} studentId={studentId} batch={batch} />
              ))}
            </Group>
            <Select
              label={t`Batch`}
              size="md"
              allowDeselect={false}
              data={batches.map((batch) => ({ value: batch._id, label: batch.name }))}
              value={batchId ?? null}
              onChange={setChosen}
              maw={480}
            />
            <DateRangeFields value={range} onChange={setRange} />
            {batchId ? <StudentAttendancePanel studentId={studentId} batchId={batchId} range={validRange(range)} /> : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
