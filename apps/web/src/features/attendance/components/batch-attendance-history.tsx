import { Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatDate } from '../../../lib/format-date';
import { ATTENDANCE_MESSAGES, useBatchHistory, type AttendanceRange } from '../api';
import type { AttendanceHistory } from '@academy/shared/schemas/attendance';
import { ATTENDANCE_STATUS_LABELS, downloadCsv, fileNamePart, formatPercentage, historyCsv, shortDayLabel, STATUS_COLORS, STATUS_LETTERS } from '../../../lib/attendance-display';
import { AttendanceStatisticsView } from './attendance-statistics';
import { DateRangeFields, validRange } from './date-range-fields';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStatusLabel, useStatusLetter } from '../status-labels';
import { TableScroll } from '../../../components/ui/table-scroll';

interface BatchAttendanceHistoryProps {
  batchId: string;
  /** Where a student's name leads (their student-wise view); plain text without it. */
  studentHref?: (studentId: string) => string;
}

const stickyCell = { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } as const;

/**
 * A batch's attendance as a student × date grid for a range (default: the last four weeks), with
 * the counts of each student and each day, and a CSV of the same. Used on the teacher's and the
 * admin's batch pages.
 */
export function BatchAttendanceHistory({ batchId, studentHref }: BatchAttendanceHistoryProps) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const statusLetter = useStatusLetter();
  const [range, setRange] = useState<AttendanceRange>({});
  const history = useBatchHistory(batchId, validRange(range));
  const data = history.data;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="attendance-history-title">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="attendance-history-title">
            <Trans>Attendance history</Trans>
          </Title>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
            disabled={!data || data.students.length === 0}
            onClick={() => data && downloadCsv(`attendance-${fileNamePart(data.batch.name)}-${data.startDate}-to-${data.endDate}.csv`, historyCsv(data))}
          >
            <Trans>Export CSV</Trans>
          </Button>
        </Group>
        <DateRangeFields value={range} onChange={setRange} placeholder={data ? { startDate: data.startDate, endDate: data.endDate } : undefined} />
        {history.isPending ? (
          <Skeleton h={240} radius="md" aria-hidden="true" />
        ) : history.isError ? (
          <LoadErrorAlert title={t`Attendance history could not be loaded`} error={history.error} fallback={ATTENDANCE_MESSAGES.historyFailed} onRetry={() => void history.refetch()} />
        ) : data ? (
          <>
            <AttendanceStatisticsView statistics={data.statistics} label={t`${formatDate(data.startDate)} to ${formatDate(data.endDate)}`} />
            {data.dates.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No attendance was marked between {formatDate(data.startDate)} and {formatDate(data.endDate)}.</Trans>
              </Text>
            ) : (
              <AttendanceGrid data={data} studentHref={studentHref} />
            )}
            <Text size="xs" c="dimmed">
              {(['present', 'absent', 'late', 'excused'] as const).map((status) => `${statusLetter(status)} ${statusLabel(status).toLocaleLowerCase()}`).join(' · ')} · {t`percentage = (present + late) ÷ marked`}
            </Text>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

type Marks = ReadonlyMap<string, AttendanceHistory['records'][number]>;

/** The student × date grid: a row per student, a column per day marked, the day's percentage at the foot. */
function AttendanceGrid({ data, studentHref }: { data: AttendanceHistory; studentHref: BatchAttendanceHistoryProps['studentHref'] }) {
  const { t } = useLingui();
  const marks: Marks = new Map(data.records.map((record) => [`${record.studentId}|${record.date}`, record]));
  return (
    <TableScroll minWidth={Math.min(320 + data.dates.length * 44, 4000)}>
      <Table withColumnBorders withTableBorder verticalSpacing={4} horizontalSpacing={6} fz="sm" aria-label={t`Attendance by student and date`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={stickyCell}><Trans>Student</Trans></Table.Th>
            {data.dates.map((day) => {
              const label = shortDayLabel(day.date);
              return (
                <Table.Th key={day.date} ta="center" style={{ minWidth: 44 }} title={formatDate(day.date)}>
                  <Text size="xs" c="dimmed" lh={1.1}>
                    {label.weekday}
                  </Text>
                  <Text size="xs" fw={600} lh={1.1} style={{ whiteSpace: 'nowrap' }}>
                    {label.day}
                  </Text>
                </Table.Th>
              );
            })}
            <Table.Th ta="right">%</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.students.map((student) => (
            <AttendanceGridRow key={student._id} student={student} dates={data.dates} marks={marks} studentHref={studentHref} />
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th style={stickyCell}>
              <Trans>Day %</Trans>
            </Table.Th>
            {data.dates.map((day) => (
              <Table.Td key={day.date} ta="center" fz="xs" fw={600}>
                {day.percentage === null ? '—' : Math.round(day.percentage)}
              </Table.Td>
            ))}
            <Table.Td ta="right" fw={700}>
              {formatPercentage(data.statistics.percentage)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}

/** One student's row: their name (a link when `studentHref`), a letter per day, and their percentage. */
function AttendanceGridRow({ student, dates, marks, studentHref }: { student: AttendanceHistory['students'][number]; dates: AttendanceHistory['dates']; marks: Marks; studentHref: BatchAttendanceHistoryProps['studentHref'] }) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  return (
    <Table.Tr>
      <Table.Th scope="row" style={{ ...stickyCell, fontWeight: 500, minWidth: 130, maxWidth: 180, overflowWrap: 'anywhere' }}>
        {studentHref ? (
          <Anchor component={Link} to={studentHref(student._id)} size="sm">
            {student.name}
          </Anchor>
        ) : (
          student.name
        )}
        {student.enrolled ? null : (
          <Text size="xs" c="dimmed">
            <Trans>left the batch</Trans>
          </Text>
        )}
      </Table.Th>
      {dates.map((day) => {
        const mark = marks.get(`${student._id}|${day.date}`);
        return (
          <Table.Td
            key={day.date}
            ta="center"
            fw={700}
            c={mark ? `${STATUS_COLORS[mark.status]}.8` : 'dimmed'}
            bg={mark ? `var(--mantine-color-${STATUS_COLORS[mark.status]}-light)` : undefined}
            title={mark ? `${ATTENDANCE_STATUS_LABELS[mark.status]}${mark.remark ? `: ${mark.remark}` : ''}` : t`Not marked`}
            aria-label={`${student.name}, ${formatDate(day.date)}: ${mark ? statusLabel(mark.status) : t`not marked`}`}
          >
            {mark ? STATUS_LETTERS[mark.status] : '·'}
          </Table.Td>
        );
      })}
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatPercentage(student.statistics.percentage)}
      </Table.Td>
    </Table.Tr>
  );
}
