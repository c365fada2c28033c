import { Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadErrorAlert } from '../../../../components/ui/load-error-alert';
import { PageHeader } from '../../../../components/ui/page-header';
import { SUBJECT_FAILURES, useSubject } from '../../../../features/subjects/api';
import { SubjectForm } from '../../../../features/subjects/components/subject-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const subject = useSubject(id);
  return (
    <>
      <PageHeader title={t`Edit Subject`} description={subject.data ? subject.data.name : undefined} />
      {subject.isPending ? (
        <Skeleton h={320} maw={640} radius="md" aria-hidden="true" />
      ) : subject.isError ? (
        <LoadErrorAlert title={t`The subject could not be loaded`} error={subject.error} fallback={SUBJECT_FAILURES.fetch} onRetry={() => void subject.refetch()} />
      ) : (
        <SubjectForm key={subject.data._id} subject={subject.data} />
      )}
    </>
  );
}
