import { PageHeader } from '../../../../components/ui/page-header';
import { BatchForm } from '../../../../features/batches/components/batch-form';

export function Component() {
  return (
    <>
      <PageHeader title="Create Batch" description="A class of one subject and standard, with its teacher and weekly timings." />
      <BatchForm />
    </>
  );
}
