import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { RegisterImport } from '../../../features/imports/components/register-import';

/** The admin's Import screen (issue 39): the academy's registers from Excel. */
export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Import students`} description={t`Bring your register from Excel: students, parents, batches and what they have already paid.`} />
      <RegisterImport />
    </>
  );
}
