import { Skeleton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useStudentOnlineTests } from '../../../features/online-tests/api';
import { StudentOnlineTests } from '../../../features/online-tests/components/student-online-tests';

export function Component() {
  const { t } = useLingui();
  const tests = useStudentOnlineTests();
  return (
    <>
      <PageHeader title={t`Online tests`} description={t`Timed practice tests like CET, JEE and NEET: your result at once.`} />
      {tests.isPending ? (
        <Skeleton h={240} radius="md" aria-hidden="true" />
      ) : tests.isError ? (
        <LoadErrorAlert title={t`Your online tests could not be loaded`} error={tests.error} fallback={t`Failed to load the online tests`} onRetry={() => void tests.refetch()} />
      ) : (
        <StudentOnlineTests tests={tests.data.tests} />
      )}
    </>
  );
}
