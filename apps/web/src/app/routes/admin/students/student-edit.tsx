import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { STUDENT_FAILURES, useStudent } from '../../../../features/students/api';
import { StudentForm } from '../../../../features/students/components/student-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const student = useStudent(id);
  return (
    <>
      <PageHeader title={t`Edit Student`} description={student.data?.name} />
      {student.isPending ? (
        <Skeleton h={480} radius="md" maw={880} aria-hidden="true" />
      ) : student.isError ? (
        <LoadErrorAlert title={t`Student could not be loaded`} error={student.error} fallback={STUDENT_FAILURES.fetch} onRetry={() => void student.refetch()} />
      ) : (
        <StudentForm key={student.data._id} student={student.data} />
      )}
    </>
  );
}
