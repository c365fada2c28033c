import { ActionIcon, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { AttendanceRecord } from '@academy/shared/schemas/attendance';
import { formatDate } from '../../../lib/format-date';
import { monthLabel, monthWeeks, shiftMonth, STATUS_COLORS } from '../../../lib/attendance-display';
import { useStatusLabel, useStatusLetter } from '../status-labels';
import { formatWeekdayName } from '../../../lib/format-date';
import { useLingui } from '@lingui/react/macro';

// Monday first (1 … 6, then Sunday = 0).
const WEEKDAY_NUMBERS = [1, 2, 3, 4, 5, 6, 0];

/** A month of marks, Monday first; arrows move between the months that have marks. */
export function AttendanceCalendar({ records, today }: { records: AttendanceRecord[]; today: string }) {
  const byDate = new Map<string, AttendanceRecord[]>();
  for (const record of records) byDate.set(record.date, [...(byDate.get(record.date) ?? []), record]);
  const months = [...new Set(records.map((record) => record.date.slice(0, 7)))].sort();
  const first = months[0] ?? today.slice(0, 7);
  const last = months.at(-1) ?? today.slice(0, 7);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  // Records change with the range: a month outside it falls back to the latest one with marks.
  const month = chosen && chosen >= first && chosen <= last ? chosen : last;
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const statusLetter = useStatusLetter();
  const monthName = monthLabel(month, true);

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon variant="subtle" size={40} aria-label={t`Previous month`} disabled={month <= first} onClick={() => setChosen(shiftMonth(month, -1))}>
            <IconChevronLeft size={20} aria-hidden="true" />
          </ActionIcon>
          <Text fw={600} aria-live="polite">
            {monthLabel(month, true)}
          </Text>
          <ActionIcon variant="subtle" size={40} aria-label={t`Next month`} disabled={month >= last} onClick={() => setChosen(shiftMonth(month, 1))}>
            <IconChevronRight size={20} aria-hidden="true" />
          </ActionIcon>
        </Group>
        <Table layout="fixed" withRowBorders={false} verticalSpacing={2} horizontalSpacing={2} aria-label={t`Attendance in ${monthName}`}>
          <Table.Thead>
            <Table.Tr>
              {WEEKDAY_NUMBERS.map((day) => (
                <Table.Th key={day} ta="center" fz="xs" c="dimmed" fw={500}>
                  {formatWeekdayName(day, 'short')}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {monthWeeks(month).map((week) => (
              <Table.Tr key={week.find(Boolean)}>
                {week.map((date, index) => {
                  if (!date) return <Table.Td key={index} />;
                  const marks = byDate.get(date) ?? [];
                  const status = marks[0]?.status;
                  const label = `${formatDate(date)}: ${marks.length ? marks.map((mark) => `${statusLabel(mark.status)}${marks.length > 1 ? ` (${mark.batch.name})` : ''}`).join(', ') : t`no class marked`}`;
                  const cell = (
                    <div
                      aria-label={label}
                      role="img"
                      style={{
                        height: 40,
                        borderRadius: 8,
                        display: 'flex',
                        flexDirection: 'column',
                        alignItems: 'center',
                        justifyContent: 'center',
                        background: status ? `var(--mantine-color-${STATUS_COLORS[status]}-light)` : undefined,
                        outline: date === today ? '2px solid var(--mantine-color-blue-5)' : undefined,
                      }}
                    >
                      <Text size="xs" c={status ? undefined : 'dimmed'} lh={1}>
                        {Number(date.slice(8))}
                      </Text>
                      {status ? (
                        <Text size="xs" fw={700} c={`${STATUS_COLORS[status]}.8`} lh={1.2}>
                          {marks.map((mark) => statusLetter(mark.status)).join('')}
                        </Text>
                      ) : null}
                    </div>
                  );
                  return (
                    <Table.Td key={date} p={1}>
                      {marks.some((mark) => mark.remark) ? (
                        <Tooltip label={marks.map((mark) => mark.remark).filter(Boolean).join('; ')} events={{ hover: true, focus: true, touch: true }}>
                          {cell}
                        </Tooltip>
                      ) : (
                        cell
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {(['present', 'absent', 'late', 'excused'] as const).map((status) => `${statusLetter(status)} ${statusLabel(status).toLocaleLowerCase()}`).join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}
