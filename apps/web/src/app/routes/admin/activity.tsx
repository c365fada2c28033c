import { Alert, Button, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconX } from '@tabler/icons-react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { usePaginationLabels } from '../../../components/ui/pagination-labels';
import { ApiError } from '../../../lib/api-client';
import { AUDIT_FAILURES, auditLogCsvHref, useAuditLog, useAuditPeople, type AuditFilters } from '../../../features/audit-log/api';
import { entityTypeOptions } from '../../../features/audit-log/audit-display';
import { useRoleLabel } from '../../../features/audit-log/role-label';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { AuditEntryList } from '../../../features/audit-log/components/audit-entry-list';
import { DateField } from '../../../components/ui/date-field';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['actor', 'entityType', 'entityId', 'from', 'to'] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? ''])) as AuditFilters;
}

type UpdateFilters = (next: Partial<AuditFilters> & { page?: number }) => void;

/** The filters and page in the address, and a change to them (back to page 1 unless it names one). */
function useActivitySearch() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update: UpdateFilters = (next) => {
    const merged: Record<string, string | number> = { ...filters, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) if (value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value));
    setParams(search, { replace: true });
  };
  return { setParams, filters, page, update };
}

/** The people offered in "Who", with their role. */
function usePeopleOptions(filters: AuditFilters, log: ReturnType<typeof useAuditLog>) {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const people = useAuditPeople();
  const peopleOptions = (people.data ?? []).map((person) => ({ value: person._id, label: `${person.name} (${roleLabel(person.role)})` }));
  // Someone chosen from an entry (a student, say) is not among the offered people: keep them selectable.
  if (filters.actor && !peopleOptions.some((option) => option.value === filters.actor)) {
    const entryActor = log.data?.items.find((item) => item.actor?._id === filters.actor)?.actor;
    peopleOptions.unshift({ value: filters.actor, label: entryActor ? `${entryActor.name} (${roleLabel(entryActor.role)})` : t`Chosen person` });
  }
  return peopleOptions;
}

/** The admin's Activity screen: who changed what and when (the audit log), filtered, paged and exportable. */
export function Component() {
  const { t } = useLingui();
  const { setParams, filters, page, update } = useActivitySearch();
  const log = useAuditLog({ ...filters, page, limit: PAGE_SIZE });
  const peopleOptions = usePeopleOptions(filters, log);

  const filtered = FILTER_KEYS.some((key) => filters[key] !== '');
  // A bad filter (dates the wrong way round, an impossible date) is answered 400 with the reason.
  const badFilter = log.isError && log.error instanceof ApiError && log.error.status === 400 ? log.error.message : null;
  const total = log.data?.pagination.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <>
      <PageHeader
        title={t`Activity`}
        description={t`Who changed what, and when. Entries are kept for two years.`}
        actions={
          <Button
            component="a"
            href={badFilter ? undefined : auditLogCsvHref(filters)}
            download
            variant="default"
            disabled={badFilter !== null}
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            <Trans>Export CSV</Trans>
          </Button>
        }
      />
      <ActivityFilterBar filters={filters} filtered={filtered} peopleOptions={peopleOptions} update={update} setParams={setParams} />
      <ActivityEntries log={log} badFilter={badFilter} filtered={filtered} total={total} pages={pages} page={page} update={update} />
    </>
  );
}

/** Who, what kind of record and between which days; a note and a way out while filters are on. */
function ActivityFilterBar({ filters, filtered, peopleOptions, update, setParams }: { filters: AuditFilters; filtered: boolean; peopleOptions: { value: string; label: string }[]; update: UpdateFilters; setParams: SetURLSearchParams }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label={t`Who`}
          placeholder={t`Everyone`}
          data={peopleOptions}
          searchable
          clearable
          value={filters.actor || null}
          onChange={(value) => update({ actor: value ?? '' })}
        />
        <Select
          label={t`Record type`}
          placeholder={t`All records`}
          data={entityTypeOptions()}
          clearable
          value={filters.entityType || null}
          onChange={(value) => update({ entityType: value ?? '' })}
        />
        <DateField label={t`From`} value={filters.from} onChange={(from) => update({ from })} />
        <DateField label={t`To`} value={filters.to} onChange={(to) => update({ to })} />
      </SimpleGrid>
      {filters.entityId || filtered ? (
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {filters.entityId ? t`Showing one record's history (${filters.entityId}).` : t`Filters are on.`}
          </Text>
          <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} aria-hidden="true" />} onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            <Trans>Clear filters</Trans>
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/** The entries of the chosen page, or why there are none. */
function ActivityEntries({ log, badFilter, filtered, total, pages, page, update }: { log: ReturnType<typeof useAuditLog>; badFilter: string | null; filtered: boolean; total: number; pages: number; page: number; update: UpdateFilters }) {
  const { t } = useLingui();
  const pagination = usePaginationLabels();
  return (
    <>
      {badFilter ? (
        <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`Check the filters`} role="alert">
          {badFilter}
        </Alert>
      ) : log.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={88} radius="md" />
          <Skeleton h={88} radius="md" />
          <Skeleton h={88} radius="md" />
        </Stack>
      ) : log.isError ? (
        <LoadErrorAlert title={t`Activity could not be loaded`} error={log.error} fallback={AUDIT_FAILURES.fetch} onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Group justify="center">
            <Text c="dimmed">{filtered ? t`No activity matches these filters.` : t`No activity recorded yet.`}</Text>
          </Group>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
          <AuditEntryList entries={log.data.items} onActorClick={(actor) => update({ actor })} />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {plural(total, { one: '# entry', other: '# entries' })}
            </Text>
            {pages > 1 ? (
              <Pagination total={pages} value={Math.min(page, pages)} onChange={(value) => update({ page: value })} size="sm" getControlProps={(control) => ({ 'aria-label': pagination.control(control) })} />
            ) : null}
          </Group>
        </Stack>
      )}
    </>
  );
}
