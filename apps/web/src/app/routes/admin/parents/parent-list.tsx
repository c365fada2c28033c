import { Group, Pagination, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useSearchAsYouType } from '../../../../lib/use-search-as-you-type';
import { IconSearch } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { usePaginationLabels } from '../../../../components/ui/pagination-labels';
import { PARENT_FAILURES, useParents } from '../../../../features/parents/api';
import { ParentListView } from '../../../../features/parents/components/parent-list-view';
import { pageCount } from '../../../../features/students/student-list-query';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const PARENT_PAGE_SIZE = 20;

/** The office's list of parents (issue 21): search by name, email or phone; the state lives in the address. */
export function Component() {
  const { t } = useLingui();
  const pagination = usePaginationLabels();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const parents = useParents({ search: search || undefined, page: String(page), limit: String(PARENT_PAGE_SIZE) });

  const go = (next: { search?: string; page?: number }) => {
    const values = { search, page: 1, ...next };
    const query = new URLSearchParams();
    if (values.search) query.set('search', values.search);
    if (values.page > 1) query.set('page', String(values.page));
    setParams(query, { replace: true });
  };
  const searchBox = useSearchAsYouType(search, (value) => go({ search: value.trim() }));

  const total = parents.data?.pagination.total ?? 0;
  const pages = pageCount(total, PARENT_PAGE_SIZE);

  return (
    <>
      <PageHeader title={t`Parents`} description={t`Every parent with a sign-in, their phone and their children. Link a parent from the student's page.`} />
      <Paper withBorder radius="md" p="md" mb="md">
        <TextInput
          label={t`Search`}
          placeholder={t`Name, email or phone`}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          {...searchBox}
          maw={420}
        />
      </Paper>
      {parents.isPending ? (
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={88} radius="md" />
          <Skeleton h={88} radius="md" />
          <Skeleton h={88} radius="md" />
        </Stack>
      ) : parents.isError ? (
        <LoadErrorAlert title={t`Parents could not be loaded`} error={parents.error} fallback={PARENT_FAILURES.fetch} onRetry={() => void parents.refetch()} />
      ) : parents.data.parents.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Group justify="center">
            <Text c="dimmed" ta="center">
              {search ? t`No parents match this search.` : t`No parents yet. Link one from a student's page.`}
            </Text>
          </Group>
        </Paper>
      ) : (
        <Stack gap="md">
          <ParentListView parents={parents.data.parents} />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {plural(total, { one: '# parent', other: '# parents' })}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => go({ page: next })}
                size="sm"
                siblings={0}
                getItemProps={(item) => ({ 'aria-label': pagination.page(item) })}
                getControlProps={(control) => ({ 'aria-label': pagination.control(control) })}
              />
            ) : null}
          </Group>
        </Stack>
      )}
    </>
  );
}
