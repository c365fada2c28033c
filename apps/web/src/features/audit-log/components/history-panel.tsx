import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { SectionCard } from '../../../components/ui/section-card';
import { useCan } from '../../../lib/session';
import { AUDIT_FAILURES, useAuditLog } from '../api';
import { AuditEntryList } from './audit-entry-list';
import { Trans, useLingui } from '@lingui/react/macro';

const HISTORY_SIZE = 5;

/**
 * A record's latest audit entries on its detail page (admins only: the log is theirs), with a link to
 * all of them on the Activity screen. Entries are matched by the record's id (as the entry's record or
 * its related one), so a batch's panel shows its enrolments and attendance, a student's their enrolments.
 */
export function HistoryPanel({ entityId }: { entityId: string }) {
  const { t } = useLingui();
  const mayRead = useCan('audit.read');
  const history = useAuditLog({ actor: '', entityType: '', entityId, from: '', to: '', page: 1, limit: HISTORY_SIZE }, { enabled: mayRead });
  if (!mayRead) return null;
  const total = history.data?.pagination.total ?? 0;
  const shown = Math.min(total, HISTORY_SIZE);
  return (
    <SectionCard title={t`History`}>
      {history.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={60} radius="md" />
          <Skeleton h={60} radius="md" />
        </Stack>
      ) : history.isError ? (
        <LoadErrorAlert title={t`History could not be loaded`} error={history.error} fallback={AUDIT_FAILURES.fetch} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed">
          <Trans>No changes recorded yet.</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          <AuditEntryList entries={history.data.items} hideEntityType />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {total === 1 ? t`1 entry` : t`Latest ${shown} of ${total} entries`}
            </Text>
            <Anchor component={Link} to={`/app/activity?entityId=${encodeURIComponent(entityId)}`} size="sm">
              <Trans>See all</Trans>
            </Anchor>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
