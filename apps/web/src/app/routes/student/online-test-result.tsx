import { Anchor, Skeleton } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useAttemptResult } from '../../../features/online-tests/api';
import { AttemptResultView } from '../../../features/online-tests/components/attempt-result-view';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const result = useAttemptResult(id);
  return (
    <>
      <PageHeader
        title={result.data ? result.data.test.title : t`Result`}
        description={
          <Anchor component={Link} to="/app/student/online-tests" size="sm">
            <Trans>All online tests</Trans>
          </Anchor>
        }
      />
      {result.isPending ? (
        <Skeleton h={400} radius="md" aria-hidden="true" />
      ) : result.isError ? (
        <LoadErrorAlert title={t`The result could not be loaded`} error={result.error} fallback={t`Failed to load the result`} onRetry={() => void result.refetch()} />
      ) : (
        <AttemptResultView result={result.data} />
      )}
    </>
  );
}
