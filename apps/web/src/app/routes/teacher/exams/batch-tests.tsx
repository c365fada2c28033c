import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../../components/ui/page-header';
import { BatchTests } from '../../../../features/exams/components/batch-tests';
import { Trans, useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader
        title={t`Tests`}
        description={t`Weekly tests of this batch: add one, then enter marks and publish the results.`}
        actions={
          <Button component={Link} to={`/app/teacher/batches/${encodeURIComponent(id)}`} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
            <Trans>Batch</Trans>
          </Button>
        }
      />
      <BatchTests batchId={id} testHref={(testId) => `/app/teacher/tests/${encodeURIComponent(testId)}`} />
    </>
  );
}
