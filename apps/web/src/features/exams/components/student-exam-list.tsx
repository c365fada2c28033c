import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { StudentExam } from '@academy/shared/schemas/exams';
import { formatDate } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/format-number';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

/** One student's tests, newest first: their marks and rank, the batch's average and highest (never anyone else's marks). */
export function StudentExamList({ tests }: { tests: StudentExam[] }) {
  const { t } = useLingui();
  const names = useLocalNames();
  if (tests.length === 0) {
    return (
      <Text c="dimmed">
        <Trans>No test results yet.</Trans>
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Test results`}>
      {[...tests].reverse().map((entry) => {
        const max = formatNumber(entry.test.maxMarks);
        return (
          <Card key={entry.test._id} component="li" withBorder radius="md" padding="sm">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {entry.test.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {names.subject(entry.test.batch.subject)} · {formatDate(entry.test.date)}
                    {entry.test.topic ? ` · ${entry.test.topic}` : ''}
                  </Text>
                </div>
                {entry.test.correctedAt ? (
                  <Badge color="orange" variant="light" size="sm">
                    <Trans>Corrected</Trans>
                  </Badge>
                ) : null}
              </Group>
              <Group gap="lg" align="baseline">
                <Text size="xl" fw={700} data-testid="own-marks">
                  {entry.absent ? t`Absent` : entry.marks === null ? '—' : `${formatNumber(entry.marks)} / ${max}`}
                </Text>
                {entry.rank !== null ? (
                  <Text size="sm" data-testid="own-rank">
                    <Trans>
                      Rank {entry.rank} of {entry.ranked}
                    </Trans>
                  </Text>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                <Trans>
                  Batch average {entry.average === null ? '—' : formatNumber(entry.average)} · highest {entry.highest === null ? '—' : formatNumber(entry.highest)}
                </Trans>
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
