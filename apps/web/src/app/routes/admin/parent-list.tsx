import { useSearchParams } from 'react-router';
import { ListFilters, ListFooter, ListSearch, ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { PARENT_FAILURES, useParents } from '../../../features/parents/api';
import { ParentListView } from '../../../features/parents/components/parent-list-view';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const PARENT_PAGE_SIZE = 20;

/** The office's list of parents (issue 21): search by name, email or phone; the state lives in the address. */
export function Component() {
  const { t } = useLingui();
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

  const total = parents.data?.pagination.total ?? 0;

  return (
    <>
      <PageHeader title={t`Parents`} description={t`Every parent with a sign-in, their phone and their children. Link a parent from the student's page.`} />
      <ListFilters columns={{ sm: 2, lg: 3 }}>
        <ListSearch value={search} onSearch={(value) => go({ search: value })} placeholder={t`Name, email or phone`} />
      </ListFilters>
      <ListStates
        query={parents}
        count={parents.data?.parents.length ?? 0}
        errorTitle={t`Parents could not be loaded`}
        errorFallback={PARENT_FAILURES.fetch}
        empty={search ? t`No parents match this search.` : t`No parents yet. Link one from a student's page.`}
      >
        <ParentListView parents={parents.data?.parents ?? []} />
        <ListFooter
          countText={plural(total, { one: '# parent', other: '# parents' })}
          paging={{ total, pageSize: PARENT_PAGE_SIZE, page, onChange: (next) => go({ page: next }) }}
        />
      </ListStates>
    </>
  );
}
