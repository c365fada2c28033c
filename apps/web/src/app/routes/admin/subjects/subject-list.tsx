import { Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { SUBJECT_FAILURES, useSubjects } from '../../../../features/subjects/api';
import { SubjectListView } from '../../../../features/subjects/components/subject-list-view';
import { useConfirmDeleteSubject } from '../../../../features/subjects/components/use-confirm-delete-subject';
import { filterSubjects, sortSubjects } from '../../../../features/subjects/subject-list';
import type { SortDirection, SubjectSortKey } from '../../../../features/subjects/subject-list';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const subjects = useSubjects();
  const confirmDelete = useConfirmDeleteSubject();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SubjectSortKey; direction: SortDirection }>({ key: 'name', direction: 'asc' });
  const shown = useMemo(() => sortSubjects(filterSubjects(subjects.data ?? [], search), sort.key, sort.direction), [subjects.data, search, sort]);

  const toggleSort = (key: SubjectSortKey) =>
    setSort((current) => ({ key, direction: current.key === key && current.direction === 'asc' ? 'desc' : 'asc' }));

  return (
    <>
      <PageHeader
        title={t`Subjects`}
        description={t`What the academy teaches. A subject used by a standard, batch or teacher cannot be deleted.`}
        actions={
          <Button component={Link} to="/app/subjects/create" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            <Trans>Add Subject</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t`Search`}
            placeholder={t`Name or code`}
            type="search"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            maw={420}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="subject-sort-label">
              <Trans>Sort by</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="subject-sort-label"
              value={sort.key}
              onChange={(key) => setSort({ key: key as SubjectSortKey, direction: 'asc' })}
              data={[
                { label: t`Name`, value: 'name' },
                { label: t`Code`, value: 'code' },
              ]}
            />
          </Stack>
        </Group>

        {subjects.isPending ? (
          <Stack gap="sm" aria-hidden="true">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} h={56} radius="md" />
            ))}
          </Stack>
        ) : subjects.isError ? (
          <LoadErrorAlert title={t`Subjects could not be loaded`} error={subjects.error} fallback={SUBJECT_FAILURES.fetch} onRetry={() => void subjects.refetch()} />
        ) : shown.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            {subjects.data.length === 0 ? t`No subjects yet. Add the first one.` : t`No subject matches “${search.trim()}”.`}
          </Text>
        ) : (
          <SubjectListView subjects={shown} sort={sort} onSort={toggleSort} onDelete={confirmDelete} />
        )}
      </Stack>
    </>
  );
}
