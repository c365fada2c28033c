import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { DetailPage } from '../../../components/detail-page';
import { useBatches } from '../../../features/batches/api';
import { StaffTestForm } from '../../../features/online-tests/components/staff-test-form';
import { STAFF_ONLINE_TEST_FAILURES, useStaffOnlineTest } from '../../../features/online-tests/staff-api';
import { useArea } from '../../area';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const basePath = `${useArea().path}/online-tests`;
  const test = useStaffOnlineTest(id);
  const batches = useBatches();
  const batchOptions = (batches.data ?? []).map((batch) => ({ value: batch._id, label: batch.name }));
  return (
    <DetailPage
      query={test}
      title={t`Edit online test`}
      description={(record) => record.title}
      back={{ to: `${basePath}/${id}`, label: t`Back to the test` }}
      errorTitle={t`The online test could not be loaded`}
      errorFallback={STAFF_ONLINE_TEST_FAILURES.detail}
      skeletonHeight={480}
    >
      {(record) => <StaffTestForm key={record._id} test={record} batchOptions={batchOptions} basePath={basePath} />}
    </DetailPage>
  );
}
