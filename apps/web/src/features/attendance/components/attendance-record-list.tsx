import { Button, Table, Text } from '@mantine/core';
import { AbsenceReasonNote } from '../../../components/ui/absence-reason-note';
import { useState } from 'react';
import type { AttendanceRecord } from '@academy/shared/schemas/attendance';
import { formatDate } from '../../../lib/format-date';
import { shortDayLabel } from '../../../lib/attendance-display';
import { AttendanceStatusBadge } from './status-badge';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../../components/ui/table-head';
import { TableScroll } from '../../../components/ui/table-scroll';

const PAGE = 30;

/** The marks, newest first: date, status, remark (and the batch when there are several). */
export function AttendanceRecordList({ records, showBatch = false }: { records: AttendanceRecord[]; showBatch?: boolean }) {
  const [shown, setShown] = useState(PAGE);
  const { t } = useLingui();
  if (records.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No attendance marked in this period.</Trans>
      </Text>
    );
  }
  return (
    <>
      <TableScroll minWidth={300}>
        <Table verticalSpacing="xs" striped aria-label={t`Attendance records`}>
          <TableHead
            headings={[
              { label: <Trans>Date</Trans> },
              { label: <Trans>Status</Trans> },
              { label: showBatch ? t`Batch · remark` : t`Remark` },
            ]}
          />
          <Table.Tbody>
            {records.slice(0, shown).map((record) => (
              <Table.Tr key={record._id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(record.date)}
                  <Text span size="xs" c="dimmed" display="block">
                    {shortDayLabel(record.date).weekday}
                  </Text>
                </Table.Td>
                {/* As wide as its word: the remark column gives way, never the status (issue 54). */}
                <Table.Td style={{ whiteSpace: 'nowrap', width: '1%' }}>
                  <AttendanceStatusBadge status={record.status} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {showBatch ? (
                    <Text size="sm" fw={500}>
                      {record.batch.name}
                    </Text>
                  ) : null}
                  <Text size="sm" c={record.remark ? undefined : 'dimmed'}>
                    {record.remark ?? (showBatch || record.reason ? '' : '—')}
                  </Text>
                  {record.reason ? <AbsenceReasonNote reason={record.reason} /> : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {records.length > shown ? (
        <Button variant="subtle" onClick={() => setShown((count) => count + PAGE * 3)}>
          {t`Show more (${records.length - shown} left)`}
        </Button>
      ) : null}
    </>
  );
}
