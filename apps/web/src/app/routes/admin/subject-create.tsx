import { PageHeader } from '../../../components/ui/page-header';
import { SubjectForm } from '../../../features/subjects/components/subject-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Create Subject`} description={t`A subject can then be given to standards, batches and teachers.`} />
      <SubjectForm />
    </>
  );
}
