import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { StudentAttendance } from '@academy/shared/schemas/attendance';
import { formatDate } from '../../../lib/format-date';
import { downloadCsv, fileNamePart, studentCsv } from '../../../lib/attendance-display';
import { AttendanceCalendar } from './attendance-calendar';
import { AttendanceRecordList } from './attendance-record-list';
import { AttendanceStatisticsView } from './attendance-statistics';
import { MonthlyChart } from './monthly-chart';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * One student's attendance: statistics, the monthly chart, a month calendar, the list and a CSV.
 * The teacher's student-wise screen, the admin's student page and the student's own screen share it.
 */
export function StudentAttendanceReport({ report, today, showBatch = false }: { report: StudentAttendance; today: string; showBatch?: boolean }) {
  const { t } = useLingui();
  const from = report.startDate ? formatDate(report.startDate) : t`the start`;
  const to = report.endDate ? formatDate(report.endDate) : t`today`;
  const period = report.startDate || report.endDate ? t`${from} to ${to}` : t`all classes so far`;
  const exportCsv = () =>
    downloadCsv(`attendance-${fileNamePart(report.student.name)}${report.batch ? `-${fileNamePart(report.batch.name)}` : ''}-${today}.csv`, studentCsv(report));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {report.student.name}
          {report.batch ? ` · ${report.batch.name}` : ''} · {period}
        </Text>
        <Button variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />} onClick={exportCsv} disabled={report.records.length === 0}>
          <Trans>Export CSV</Trans>
        </Button>
      </Group>
      <AttendanceStatisticsView statistics={report.statistics} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <AttendanceCalendar records={report.records} today={today} />
        <MonthlyChart months={report.monthly} />
      </SimpleGrid>
      <AttendanceRecordList records={report.records} showBatch={showBatch} />
    </Stack>
  );
}
