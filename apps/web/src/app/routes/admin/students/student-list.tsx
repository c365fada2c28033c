import { Button, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useSearchAsYouType } from '../../../../lib/use-search-as-you-type';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
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
import { usePaginationLabels } from '../../../../components/ui/pagination-labels';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const STATUS_OPTIONS = [
  { value: 'active', label: msg`Active` },
  { value: 'archived', label: msg`Archived` },
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
  const pagination = usePaginationLabels();
  const [params, setParams] = useSearchParams();
  const state = parseStudentListState(params);
  const standards = useStandards();
  const batches = useBatches();
  const students = useStudents(toStudentListQuery(state));

  const update = (next: Partial<StudentListState>) => {
    const merged = { ...parseStudentListState(params), page: 1, ...next };
    setParams(toStudentListParams(merged), { replace: true });
  };
  const searchBox = useSearchAsYouType(state.search, (search) => update({ search }));

  const total = students.data?.pagination.total ?? 0;
  const pages = pageCount(total, STUDENT_PAGE_SIZE);
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
            <Button component={Link} to="/app/students/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
              <Trans>Add Student</Trans>
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          <TextInput
            label={t`Search`}
            placeholder={t`Name, email, student ID or phone`}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            {...searchBox}
          />
          <Select
            label={t`Standard`}
            placeholder={t`All standards`}
            data={(standards.data ?? []).map((standard) => ({ value: standard._id, label: standard.name }))}
            clearable
            value={state.standardId || null}
            onChange={(value) => update({ standardId: value ?? '' })}
          />
          <Select
            label={t`Batch`}
            placeholder={t`All batches`}
            data={(batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }))}
            clearable
            searchable
            value={state.batchId || null}
            onChange={(value) => update({ batchId: value ?? '' })}
          />
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
        </SimpleGrid>
      </Paper>
      {students.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
        </Stack>
      ) : students.isError ? (
        <LoadErrorAlert title={t`Students could not be loaded`} error={students.error} fallback={STUDENT_FAILURES.fetch} onRetry={() => void students.refetch()} />
      ) : students.data.students.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Group justify="center">
            <Text c="dimmed">{filtered ? t`No students match these filters.` : t`No students yet. Add the first one.`}</Text>
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
              {plural(total, { one: '# student', other: '# students' })}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(state.page, pages)}
                onChange={(page) => setParams(toStudentListParams({ ...state, page }))}
                size="sm"
                siblings={0}
                getItemProps={(page) => ({ 'aria-label': pagination.page(page) })}
                getControlProps={(control) => ({ 'aria-label': pagination.control(control) })}
              />
            ) : null}
          </Group>
        </Stack>
      )}
    </>
  );
}
