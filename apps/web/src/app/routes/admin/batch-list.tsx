import { Select } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BATCH_STATUSES, type BatchStatus } from '@academy/shared/schemas/batches';
import { EntityFilter, ListFilters, ListFooter, ListSearch, ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { AddButton } from '../../../components/page-kit/add-button';
import { BATCH_FAILURES, useFilteredBatches, type BatchListFilters } from '../../../features/batches/api';
import { BATCH_STATUS_LABELS } from '../../../features/batches/batch-form';
import { BatchListView } from '../../../features/batches/components/batch-list-view';
import { useStandards } from '../../../features/standards/api';
import { useSubjects } from '../../../features/subjects/api';
import { useAcademyToday } from '../../../lib/use-academy-today';
import { academicYearNameOf, isAcademicYearName } from '@academy/shared/calendar';
import { AcademicYearSelect } from '../../../components/ui/academic-year-select';
import { useTeachers } from '../../../features/teachers/api';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

const FILTER_KEYS = ['search', 'standardId', 'subjectId', 'teacherId', 'status', 'year'] as const;

/** The filters live in the address, so a filtered list can be shared and survives a reload. */
function filtersOf(params: URLSearchParams): Required<BatchListFilters> {
  const status = params.get('status') ?? '';
  return {
    search: params.get('search') ?? '',
    standardId: params.get('standardId') ?? '',
    subjectId: params.get('subjectId') ?? '',
    teacherId: params.get('teacherId') ?? '',
    status: (BATCH_STATUSES as readonly string[]).includes(status) ? (status as BatchStatus) : '',
    year: params.get('year') === 'all' || isAcademicYearName(params.get('year') ?? '') ? params.get('year')! : '',
  };
}

export function Component() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const standards = useStandards();
  const subjects = useSubjects();
  const names = useLocalNames();
  const teachers = useTeachers({});
  const batches = useFilteredBatches(filters);
  // The academic year switcher (issue 39): the current batches by default, the past years' (archived) on demand.
  const currentYear = academicYearNameOf(useAcademyToday());

  const update = (next: Partial<BatchListFilters>) => {
    const merged = { ...filtersOf(params), ...next };
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (merged[key]) search.set(key, merged[key]);
    setParams(search, { replace: true });
  };
  const filtered = FILTER_KEYS.some((key) => key !== 'year' && filters[key] !== '');

  return (
    <>
      <PageHeader
        title={t`Batches`}
        description={t`Who teaches whom, and when.`}
        actions={<AddButton to="/app/batches/create"><Trans>Add Batch</Trans></AddButton>}
      />
      <ListFilters columns={{ sm: 2, lg: 3 }}>
        <ListSearch value={filters.search} onSearch={(search) => update({ search })} placeholder={t`Batch name or description`} />
        <EntityFilter label={t`Standard`} placeholder={t`All standards`} options={standards.data} optionName={names.standard} value={filters.standardId} onChange={(standardId) => update({ standardId })} />
        <EntityFilter label={t`Subject`} placeholder={t`All subjects`} options={subjects.data} optionName={names.subject} value={filters.subjectId} onChange={(subjectId) => update({ subjectId })} />
        <EntityFilter label={t`Teacher`} placeholder={t`All teachers`} options={teachers.data} value={filters.teacherId} onChange={(teacherId) => update({ teacherId })} />
        <Select
          label={t`Status`}
          placeholder={t`Any status`}
          data={BATCH_STATUSES.map((status) => ({ value: status, label: i18n._(BATCH_STATUS_LABELS[status]) }))}
          clearable
          value={filters.status || null}
          onChange={(value) => update({ status: (value ?? '') as BatchStatus | '' })}
        />
        <AcademicYearSelect currentYear={currentYear} withAll value={filters.year} onChange={(year) => update({ year })} data-testid="batch-year" />
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
