import { PageHeader } from '../../../../components/ui/page-header';
import { TeacherForm } from '../../../../features/teachers/components/teacher-form';

export function Component() {
  return (
    <>
      <PageHeader title="Create Teacher" description="Only name and email are required; the rest can be filled in later." />
      <TeacherForm />
    </>
  );
}
