import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { STANDARD_FAILURES, useStandard } from '../../../../features/standards/api';
import { StandardForm } from '../../../../features/standards/components/standard-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const standard = useStandard(id);
  return (
    <>
      <PageHeader title={t`Edit Standard`} description={standard.data ? standard.data.name : undefined} />
      {standard.isPending ? (
        <Skeleton h={320} maw={640} radius="md" aria-hidden="true" />
      ) : standard.isError ? (
        <LoadErrorAlert title={t`The standard could not be loaded`} error={standard.error} fallback={STANDARD_FAILURES.fetch} onRetry={() => void standard.refetch()} />
      ) : (
        <StandardForm key={standard.data._id} standard={standard.data} />
      )}
    </>
  );
}
