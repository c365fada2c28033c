import { Button, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { useBatches } from '../../../../features/batches/api';
import { useStandards } from '../../../../features/standards/api';
import { STUDENT_FAILURES, studentsExportHref, useStudents } from '../../../../features/students/api';
import { StudentListView } from '../../../../features/students/components/student-list-view';
import {
  pageCount,
  parseStudentListState,
  STUDENT_PAGE_SIZE,
  toggleSort,
  toStudentFilterQuery,
  toStudentListParams,
  toStudentListQuery,
} from '../../../../features/students/student-list-query';
import type { StudentListState, StudentSort, StudentStatusFilter } from '../../../../features/students/student-list-query';
import { PAGINATION_CONTROL_LABELS } from '../../../../components/ui/pagination-labels';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'All' },
];

const SORT_OPTIONS = [
  { value: 'name:asc', label: 'Name (A–Z)' },
  { value: 'name:desc', label: 'Name (Z–A)' },
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'standardLevel:asc', label: 'Standard (low to high)' },
  { value: 'standardLevel:desc', label: 'Standard (high to low)' },
];

export function Component() {
  const [params, setParams] = useSearchParams();
  const state = parseStudentListState(params);
  const [searchText, setSearchText] = useState(state.search);
  const standards = useStandards();
  const batches = useBatches();
  const students = useStudents(toStudentListQuery(state));

  const update = (next: Partial<StudentListState>) => {
    const merged = { ...parseStudentListState(params), page: 1, ...next };
    setParams(toStudentListParams(merged), { replace: true });
  };
  const applySearch = useDebouncedCallback((search: string) => update({ search }), 350);

  const total = students.data?.pagination.total ?? 0;
  const pages = pageCount(total, STUDENT_PAGE_SIZE);
  const filtered = state.search !== '' || state.standardId !== '' || state.batchId !== '' || state.status !== 'active';

  return (
    <>
      <PageHeader
        title="Students"
        description="Search, filter and export the academy's students."
        actions={
          <Group gap="xs">
            <Button component="a" href={studentsExportHref(toStudentFilterQuery(state))} download variant="default" leftSection={<IconDownload size={18} aria-hidden="true" />}>
              Export CSV
            </Button>
            <Button component={Link} to="/app/students/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
              Add Student
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name, email or phone"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
          />
          <Select
            label="Standard"
            placeholder="All standards"
            data={(standards.data ?? []).map((standard) => ({ value: standard._id, label: standard.name }))}
            clearable
            value={state.standardId || null}
            onChange={(value) => update({ standardId: value ?? '' })}
          />
          <Select
            label="Batch"
            placeholder="All batches"
            data={(batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }))}
            clearable
            searchable
            value={state.batchId || null}
            onChange={(value) => update({ batchId: value ?? '' })}
          />
          <Select label="Status" data={STATUS_OPTIONS} allowDeselect={false} value={state.status} onChange={(value) => update({ status: (value ?? 'active') as StudentStatusFilter })} />
          <Select
            label="Sort by"
            data={SORT_OPTIONS}
            allowDeselect={false}
            value={`${state.sort}:${state.order}`}
            onChange={(value) => {
              const [sort, order] = (value ?? 'name:asc').split(':') as [StudentSort, 'asc' | 'desc'];
              update({ sort, order });
            }}
          />
        </SimpleGrid>
      </Paper>
      {students.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
        </Stack>
      ) : students.isError ? (
        <LoadErrorAlert title="Students could not be loaded" error={students.error} fallback={STUDENT_FAILURES.fetch} onRetry={() => void students.refetch()} />
      ) : students.data.students.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Group justify="center">
            <Text c="dimmed">{filtered ? 'No students match these filters.' : 'No students yet. Add the first one.'}</Text>
          </Group>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: students.isPlaceholderData ? 0.6 : 1 }}>
          <StudentListView
            students={students.data.students}
            sort={state.sort}
            order={state.order}
            onSort={(sort) => setParams(toStudentListParams(toggleSort(state, sort)), { replace: true })}
          />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {total === 1 ? '1 student' : `${total} students`}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(state.page, pages)}
                onChange={(page) => setParams(toStudentListParams({ ...state, page }))}
                size="sm"
                siblings={0}
                getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                getControlProps={(control) => ({ 'aria-label': PAGINATION_CONTROL_LABELS[control] })}
              />
            ) : null}
          </Group>
        </Stack>
      )}
    </>
  );
}
