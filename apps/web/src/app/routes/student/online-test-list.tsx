import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../../components/ui/page-header';
import { useStudentOnlineTests } from '../../../features/online-tests/api';
import { StudentOnlineTests } from '../../../features/online-tests/components/student-online-tests';
import { QueryStates } from '../../../components/ui/query-states';

export function Component() {
  const { t } = useLingui();
  const tests = useStudentOnlineTests();
  return (
    <>
      <PageHeader title={t`Online tests`} description={t`Timed practice tests like CET, JEE and NEET: your result at once.`} />
      <QueryStates query={tests} skeleton={240} errorTitle={t`Your online tests could not be loaded`} errorFallback={t`Failed to load the online tests`}>
        {(data) => (
          <StudentOnlineTests tests={data.tests} />
        )}
      </QueryStates>
    </>
  );
}
