import { Group, Stack } from '@mantine/core';
import { LabelledSegmentedControl } from '../../../components/ui/labelled-segmented-control';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ListSearch, ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { AddButton } from '../../../components/page-kit/add-button';
import { SUBJECT_FAILURES, useSubjects } from '../../../features/subjects/api';
import { SubjectListView } from '../../../features/subjects/components/subject-list-view';
import { useConfirmDeleteSubject } from '../../../features/subjects/components/use-confirm-delete-subject';
import { filterSubjects, sortSubjects } from '../../../features/subjects/subject-list';
import type { SortDirection, SubjectSortKey } from '../../../features/subjects/subject-list';
import { Trans, useLingui } from '@lingui/react/macro';

interface SubjectListState {
  search: string;
  sort: SubjectSortKey;
  order: SortDirection;
}

/** The search and order live in the address, like the other lists': Back from a subject keeps them. */
function stateOf(params: URLSearchParams): SubjectListState {
  return {
    search: params.get('search') ?? '',
    sort: params.get('sort') === 'code' ? 'code' : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

export function Component() {
  const { t } = useLingui();
  const subjects = useSubjects();
  const confirmDelete = useConfirmDeleteSubject();
  const [params, setParams] = useSearchParams();
  const state = stateOf(params);
  const update = (next: Partial<SubjectListState>) => {
    const merged = { ...stateOf(params), ...next };
    const query = new URLSearchParams();
    if (merged.search) query.set('search', merged.search);
    if (merged.sort !== 'name') query.set('sort', merged.sort);
    if (merged.order !== 'asc') query.set('order', merged.order);
    setParams(query, { replace: true });
  };
  // The academy has a few dozen subjects: all come at once and are searched and sorted here.
  const shown = useMemo(() => sortSubjects(filterSubjects(subjects.data ?? [], state.search), state.sort, state.order), [subjects.data, state.search, state.sort, state.order]);
  const toggleSort = (sort: SubjectSortKey) => update({ sort, order: state.sort === sort && state.order === 'asc' ? 'desc' : 'asc' });

  return (
    <>
      <PageHeader
        title={t`Subjects`}
        description={t`What the academy teaches. A subject used by a standard, batch or teacher cannot be deleted.`}
        actions={<AddButton to="/app/subjects/create"><Trans>Add Subject</Trans></AddButton>}
      />
      <Stack gap="md">
        <Group gap="sm" align="flex-end">
          <ListSearch value={state.search} onSearch={(search) => update({ search })} placeholder={t`Name or code`} style={{ flex: '1 1 220px' }} maw={420} />
          <LabelledSegmentedControl
            label={<Trans>Sort by</Trans>}
            labelId="subject-sort-label"
            value={state.sort}
            onChange={(sort) => update({ sort: sort as SubjectSortKey, order: 'asc' })}
            data={[
              { label: t`Name`, value: 'name' },
              { label: t`Code`, value: 'code' },
            ]}
          />
        </Group>
        <ListStates
          query={subjects}
          count={shown.length}
          errorTitle={t`Subjects could not be loaded`}
          errorFallback={SUBJECT_FAILURES.fetch}
          empty={subjects.data?.length === 0 ? t`No subjects yet. Add the first one.` : t`No subject matches “${state.search.trim()}”.`}
        >
          <SubjectListView subjects={shown} sort={{ key: state.sort, direction: state.order }} onSort={toggleSort} onDelete={confirmDelete} />
        </ListStates>
      </Stack>
    </>
  );
}
