import { Button, Group, Select } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EntityFilter, ListFilters, ListFooter, ListSearch, ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { AddButton } from '../../../components/page-kit/add-button';
import { useBatches } from '../../../features/batches/api';
import { useStandards } from '../../../features/standards/api';
import { STUDENT_FAILURES, studentsExportHref, useStudents } from '../../../features/students/api';
import { StudentListView } from '../../../features/students/components/student-list-view';
import {
  parseStudentListState,
  STUDENT_PAGE_SIZE,
  toggleSort,
  toStudentFilterQuery,
  toStudentListParams,
  toStudentListQuery,
} from '../../../features/students/student-list-query';
import type { StudentListState, StudentSort, StudentStatusFilter } from '../../../features/students/student-list-query';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalNames } from '../../../lib/public-settings';

const STATUS_OPTIONS = [
  { value: 'active', label: msg`Active` },
  { value: 'archived', label: msg`Archived` },
  // Left from the last standard at a new academic year (issue 39).
  { value: 'alumni', label: msg`Alumni` },
  { value: 'all', label: msg`All` },
];

const SORT_OPTIONS = [
  { value: 'name:asc', label: msg`Name (A–Z)` },
  { value: 'name:desc', label: msg`Name (Z–A)` },
  { value: 'createdAt:desc', label: msg`Newest first` },
  { value: 'createdAt:asc', label: msg`Oldest first` },
  { value: 'standardLevel:asc', label: msg`Standard (low to high)` },
  { value: 'standardLevel:desc', label: msg`Standard (high to low)` },
];

export function Component() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const state = parseStudentListState(params);
  const standards = useStandards();
  const names = useLocalNames();
  const batches = useBatches();
  const students = useStudents(toStudentListQuery(state));

  const update = (next: Partial<StudentListState>) => {
    const merged = { ...parseStudentListState(params), page: 1, ...next };
    setParams(toStudentListParams(merged), { replace: true });
  };

  const total = students.data?.pagination.total ?? 0;
  const filtered = state.search !== '' || state.standardId !== '' || state.batchId !== '' || state.status !== 'active';

  return (
    <>
      <PageHeader
        title={t`Students`}
        description={t`Search, filter and export the academy's students.`}
        actions={
          <Group gap="xs">
            <Button component="a" href={studentsExportHref(toStudentFilterQuery(state))} download variant="default" leftSection={<IconDownload size={18} aria-hidden="true" />}>
              <Trans>Export CSV</Trans>
            </Button>
            <AddButton to="/app/students/create"><Trans>Add Student</Trans></AddButton>
          </Group>
        }
      />
      <ListFilters columns={{ sm: 2, lg: 5 }}>
        <ListSearch value={state.search} onSearch={(search) => update({ search })} placeholder={t`Name, email, student ID or phone`} />
        <EntityFilter label={t`Standard`} placeholder={t`All standards`} options={standards.data} optionName={names.standard} value={state.standardId} onChange={(standardId) => update({ standardId })} />
        <EntityFilter label={t`Batch`} placeholder={t`All batches`} options={batches.data} value={state.batchId} onChange={(batchId) => update({ batchId })} />
        <Select
          label={t`Status`}
          data={STATUS_OPTIONS.map((option) => ({ ...option, label: i18n._(option.label) }))} allowDeselect={false} value={state.status} onChange={(value) => update({ status: (value ?? 'active') as StudentStatusFilter })} />
        <Select
          label={t`Sort by`}
          data={SORT_OPTIONS.map((option) => ({ ...option, label: i18n._(option.label) }))}
          allowDeselect={false}
          value={`${state.sort}:${state.order}`}
          onChange={(value) => {
            const [sort, order] = (value ?? 'name:asc').split(':') as [StudentSort, 'asc' | 'desc'];
            update({ sort, order });
          }}
        />
      </ListFilters>
      <ListStates
        query={students}
        count={students.data?.students.length ?? 0}
        errorTitle={t`Students could not be loaded`}
        errorFallback={STUDENT_FAILURES.fetch}
        empty={filtered ? t`No students match these filters.` : t`No students yet. Add the first one.`}
      >
        <StudentListView
          students={students.data?.students ?? []}
          sort={state.sort}
          order={state.order}
          onSort={(sort) => setParams(toStudentListParams(toggleSort(state, sort)), { replace: true })}
        />
        <ListFooter
          countText={plural(total, { one: '# student', other: '# students' })}
          paging={{ total, pageSize: STUDENT_PAGE_SIZE, page: state.page, onChange: (page) => setParams(toStudentListParams({ ...state, page })) }}
        />
      </ListStates>
    </>
  );
}
