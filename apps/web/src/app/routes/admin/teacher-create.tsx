import { PageHeader } from '../../../components/ui/page-header';
import { TeacherForm } from '../../../features/teachers/components/teacher-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Create Teacher`} description={t`Only name and email are required; the rest can be filled in later.`} />
      <TeacherForm />
    </>
  );
}
