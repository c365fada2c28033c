import { PageHeader } from '../../../../components/ui/page-header';
import { StandardForm } from '../../../../features/standards/components/standard-form';

export function Component() {
  return (
    <>
      <PageHeader title="Create Standard" description="Name and level must both be new: no two standards share either." />
      <StandardForm />
    </>
  );
}
