import { PageHeader } from '../../../components/ui/page-header';
import { BatchForm } from '../../../features/batches/components/batch-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Create Batch`} description={t`A class of one subject and standard, with its teacher and weekly timings.`} />
      <BatchForm />
    </>
  );
}
