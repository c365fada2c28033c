import { PageHeader } from '../../../components/ui/page-header';
import { StandardForm } from '../../../features/standards/components/standard-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Create Standard`} description={t`Name and level must both be new: no two standards share either.`} />
      <StandardForm />
    </>
  );
}
