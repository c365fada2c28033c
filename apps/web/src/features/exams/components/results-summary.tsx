import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { ExamResults } from '@academy/shared/schemas/exams';
import { formatNumber } from '../../../lib/format-number';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../../components/ui/table-head';
import { TableScroll } from '../../../components/ui/table-scroll';

/** The results of a test for its teacher and the admin: ranks (1, 2, 2, 4; absent not ranked), average and highest. */
export function ResultsSummary({ results }: { results: ExamResults }) {
  const { t } = useLingui();
  const max = formatNumber(results.test.maxMarks);
  const ranked = [...results.rows].sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER));
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="sm">
        {[
          [t`Average`, results.average === null ? '—' : `${formatNumber(results.average)} / ${max}`],
          [t`Highest`, results.highest === null ? '—' : `${formatNumber(results.highest)} / ${max}`],
          [t`Sat the test`, formatNumber(results.present)],
          [t`Absent`, formatNumber(results.absent)],
        ].map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="xs">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700}>{value}</Text>
          </Paper>
        ))}
      </SimpleGrid>
      <TableScroll minWidth={320}>
        <Table striped aria-label={t`Results`}>
          <TableHead
            headings={[
              { label: <Trans>Rank</Trans> },
              { label: <Trans>Student</Trans> },
              { label: <Trans>Marks</Trans> },
              { label: '%' },
            ]}
          />
          <Table.Tbody>
            {ranked.map((row) => (
              <Table.Tr key={row.student._id}>
                <Table.Td>{row.rank ?? '—'}</Table.Td>
                <Table.Td>{row.student.name}</Table.Td>
                <Table.Td>{row.absent ? t`Absent` : row.marks === null ? '—' : `${formatNumber(row.marks)} / ${max}`}</Table.Td>
                <Table.Td>{row.percentage === null ? '—' : `${formatNumber(row.percentage, 1)}%`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </>
  );
}
