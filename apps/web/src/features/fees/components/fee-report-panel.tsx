import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useFeeSummary } from '../api';
import { MODE_LABELS } from './fee-labels';
import { formatDate } from '../../../lib/format-date';
import { formatRupees } from '../../../lib/format-number';

/** The money in: this month, by mode, by day and month, by batch (the Fees screen's third tab). */
export function ReportPanel() {
  const { t, i18n } = useLingui();
  const summary = useFeeSummary();
  if (summary.isPending) return <Skeleton h={200} radius="md" aria-hidden="true" />;
  if (summary.isError) return <LoadErrorAlert title={t`The report could not be loaded`} error={summary.error} fallback={t`Failed to load the report`} onRetry={() => void summary.refetch()} />;
  const list = (title: string, rows: { key: string; label: string; amount: number }[]) => (
    <Card withBorder radius="md" padding="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>Nothing yet.</Trans>
        </Text>
      ) : (
        <Stack gap={4}>
          {rows.map((row) => (
            <Group key={row.key} justify="space-between" wrap="nowrap">
              <Text size="sm">{row.label}</Text>
              <Text size="sm" fw={600}>
                {formatRupees(row.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {list(
        t`Collected this month by mode`,
        summary.data.byMode.map((row) => ({ key: row.mode, label: i18n._(MODE_LABELS[row.mode]), amount: row.amount })),
      )}
      {list(
        t`Outstanding per batch`,
        summary.data.outstandingByBatch.map((row) => ({ key: row.batch._id, label: row.batch.name, amount: row.amount })),
      )}
      {list(
        t`Collected per day (last 30 days)`,
        summary.data.byDay.map((row) => ({ key: row.date, label: formatDate(row.date), amount: row.amount })),
      )}
      {list(
        t`Collected per month`,
        summary.data.byMonth.map((row) => ({ key: row.month, label: row.month, amount: row.amount })),
      )}
    </SimpleGrid>
  );
}

/** The admin's Fees screen: overdue dues first (filters, totals, CSV, reminders), the plans, and the report. */
