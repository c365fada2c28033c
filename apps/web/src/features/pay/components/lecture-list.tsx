import { Badge, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Lecture } from '@academy/shared/schemas/pay';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';
import { TableHead } from '../../../components/ui/table-head';
import { TableScroll } from '../../../components/ui/table-scroll';

/** The lectures behind a month's figures (issue 58): each class taken, covered or corrected, with what it earned. */
export function LectureList({ lectures }: { lectures: Lecture[] }) {
  const { t } = useLingui();
  if (lectures.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No lectures this month.</Trans>
      </Text>
    );
  }
  return (
    // Three columns, the minutes under the batch: the amount stays in view on a 360 px phone (issue 73).
    <TableScroll minWidth={300}>
      <Table striped withTableBorder aria-label={t`Lectures`}>
        <TableHead
          headings={[
            { label: t`Date` },
            { label: t`Batch` },
            { label: t`Amount`, align: 'right' },
          ]}
        />
        <Table.Tbody>
          {lectures.map((lecture, index) => (
            <Table.Tr key={`${lecture.date}-${lecture.batchId}-${index}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(lecture.date)}</Table.Td>
              <Table.Td>
                {lecture.batchName}{' '}
                {lecture.source === 'substitute' ? (
                  <Badge size="xs" variant="light" tt="none">
                    <Trans>substitute</Trans>
                  </Badge>
                ) : lecture.source === 'late' ? (
                  <Badge size="xs" variant="light" color="grape" tt="none">
                    <Trans>marked after approval</Trans>
                  </Badge>
                ) : lecture.source === 'correction' ? (
                  <Badge size="xs" variant="light" color="orange" tt="none" title={lecture.reason ?? undefined}>
                    {lecture.count < 0 ? t`taken away: ${lecture.reason ?? ''}` : t`added: ${lecture.reason ?? ''}`}
                  </Badge>
                ) : null}
                <Text size="xs" c="dimmed">
                  {lecture.count < 0 ? t`−${lecture.minutes} min` : t`${lecture.minutes} min`}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(lecture.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
