import { Button, Select, TextInput } from '@mantine/core';
import { useSearchAsYouType } from '../../../../lib/use-search-as-you-type';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { BATCH_STATUSES, type BatchStatus } from '@academy/shared/schemas/batches';
import { ListFilters, ListFooter, ListStates } from '../../../../components/list-kit';
import { PageHeader } from '../../../../components/ui/page-header';
import { BATCH_FAILURES, useFilteredBatches, type BatchListFilters } from '../../../../features/batches/api';
import { BATCH_STATUS_LABELS } from '../../../../features/batches/batch-form';
import { BatchListView } from '../../../../features/batches/components/batch-list-view';
import { useStandards } from '../../../../features/standards/api';
import { useSubjects } from '../../../../features/subjects/api';
import { useTeachers } from '../../../../features/teachers/api';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const FILTER_KEYS = ['search', 'standardId', 'subjectId', 'teacherId', 'status'] as const;

/** The filters live in the address, so a filtered list can be shared and survives a reload. */
function filtersOf(params: URLSearchParams): Required<BatchListFilters> {
  const status = params.get('status') ?? '';
  return {
    search: params.get('search') ?? '',
    standardId: params.get('standardId') ?? '',
    subjectId: params.get('subjectId') ?? '',
    teacherId: params.get('teacherId') ?? '',
    status: (BATCH_STATUSES as readonly string[]).includes(status) ? (status as BatchStatus) : '',
  };
}

export function Component() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const standards = useStandards();
  const subjects = useSubjects();
  const teachers = useTeachers({});
  const batches = useFilteredBatches(filters);

  const update = (next: Partial<BatchListFilters>) => {
    const merged = { ...filtersOf(params), ...next };
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (merged[key]) search.set(key, merged[key]);
    setParams(search, { replace: true });
  };
  const searchBox = useSearchAsYouType(filters.search, (search) => update({ search: search.trim() }));
  const filtered = FILTER_KEYS.some((key) => filters[key] !== '');

  return (
    <>
      <PageHeader
        title={t`Batches`}
        description={t`Who teaches whom, and when.`}
        actions={
          <Button component={Link} to="/app/batches/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            <Trans>Add Batch</Trans>
          </Button>
        }
      />
      <ListFilters columns={{ sm: 2, lg: 5 }}>
        <TextInput
          label={t`Search`}
          placeholder={t`Batch name or description`}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          {...searchBox}
        />
        <Select
          label={t`Standard`}
          placeholder={t`All standards`}
          data={(standards.data ?? []).map((standard) => ({ value: standard._id, label: standard.name }))}
          clearable
          value={filters.standardId || null}
          onChange={(value) => update({ standardId: value ?? '' })}
        />
        <Select
          label={t`Subject`}
          placeholder={t`All subjects`}
          data={(subjects.data ?? []).map((subject) => ({ value: subject._id, label: subject.name }))}
          clearable
          searchable
          value={filters.subjectId || null}
          onChange={(value) => update({ subjectId: value ?? '' })}
        />
        <Select
          label={t`Teacher`}
          placeholder={t`All teachers`}
          data={(teachers.data ?? []).map((teacher) => ({ value: teacher._id, label: teacher.name }))}
          clearable
          searchable
          value={filters.teacherId || null}
          onChange={(value) => update({ teacherId: value ?? '' })}
        />
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          data={BATCH_STATUSES.map((status) => ({ value: status, label: i18n._(BATCH_STATUS_LABELS[status]) }))}
          clearable
          value={filters.status || null}
          onChange={(value) => update({ status: (value ?? '') as BatchStatus | '' })}
        />
      </ListFilters>
      <ListStates
        query={batches}
        count={batches.data?.length ?? 0}
        errorTitle={t`Batches could not be loaded`}
        errorFallback={BATCH_FAILURES.fetch}
        empty={filtered ? t`No batches match these filters.` : t`No batches yet. Add the first one.`}
      >
        <BatchListView batches={batches.data ?? []} />
        <ListFooter countText={plural(batches.data?.length ?? 0, { one: '# batch', other: '# batches' })} />
      </ListStates>
    </>
  );
}
