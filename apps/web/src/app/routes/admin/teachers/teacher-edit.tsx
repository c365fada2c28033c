import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { TEACHER_FAILURES, useTeacher } from '../../../../features/teachers/api';
import { TeacherForm } from '../../../../features/teachers/components/teacher-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const teacher = useTeacher(id);
  return (
    <>
      <PageHeader title={t`Edit Teacher`} description={teacher.data?.name} />
      {teacher.isPending ? (
        <Skeleton h={480} radius="md" maw={880} aria-hidden="true" />
      ) : teacher.isError ? (
        <LoadErrorAlert title={t`Teacher could not be loaded`} error={teacher.error} fallback={TEACHER_FAILURES.fetch} onRetry={() => void teacher.refetch()} />
      ) : (
        <TeacherForm key={teacher.data._id} teacher={teacher.data} />
      )}
    </>
  );
}
