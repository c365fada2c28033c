import { ListStates } from '../../../components/list-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { AddButton } from '../../../components/page-kit/add-button';
import { STANDARD_FAILURES, useStandards } from '../../../features/standards/api';
import { StandardListView } from '../../../features/standards/components/standard-list-view';
import { useConfirmDeleteStandard } from '../../../features/standards/components/use-confirm-delete-standard';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const standards = useStandards();
  const confirmDelete = useConfirmDeleteStandard();
  return (
    <>
      <PageHeader
        title={t`Standards`}
        description={t`The classes students are in, by level, with the subjects each one is taught.`}
        actions={<AddButton to="/app/standards/create"><Trans>Add Standard</Trans></AddButton>}
      />
      <ListStates
        query={standards}
        count={standards.data?.length ?? 0}
        errorTitle={t`Standards could not be loaded`}
        errorFallback={STANDARD_FAILURES.fetch}
        empty={t`No standards yet. Add the first one.`}
      >
        <StandardListView standards={standards.data ?? []} onDelete={confirmDelete} />
      </ListStates>
    </>
  );
}
