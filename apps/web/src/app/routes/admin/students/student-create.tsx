import { PageHeader } from '../../../../components/ui/page-header';
import { StudentForm } from '../../../../features/students/components/student-form';

export function Component() {
  return (
    <>
      <PageHeader title="Create Student" description="Only name and email are required; the rest can be filled in later." />
      <StudentForm />
    </>
  );
}
