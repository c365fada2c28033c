import { PageHeader } from '../../../../components/ui/page-header';
import { SubjectForm } from '../../../../features/subjects/components/subject-form';

export function Component() {
  return (
    <>
      <PageHeader title="Create Subject" description="A subject can then be given to standards, batches and teachers." />
      <SubjectForm />
    </>
  );
}
