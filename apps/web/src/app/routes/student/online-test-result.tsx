import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { useAttemptResult } from '../../../features/online-tests/api';
import { AttemptResultView } from '../../../features/online-tests/components/attempt-result-view';
import { QueryStates } from '../../../components/ui/query-states';

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
      <QueryStates query={result} skeleton={400} errorTitle={t`The result could not be loaded`} errorFallback={t`Failed to load the result`}>
        {(data) => (
          <AttemptResultView result={data} />
        )}
      </QueryStates>
    </>
  );
}
