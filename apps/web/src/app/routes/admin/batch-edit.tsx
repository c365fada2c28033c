import { useParams } from 'react-router';
import { DetailPage } from '../../../components/detail-page';
import { BATCH_FAILURE, useBatchDetail } from '../../../features/batches/api';
import { BatchForm } from '../../../features/batches/components/batch-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const batch = useBatchDetail(id);
  return (
    <DetailPage query={batch} title={t`Edit Batch`} description={(record) => record.name} errorTitle={t`The batch could not be loaded`} errorFallback={BATCH_FAILURE} skeletonHeight={520} maw={880}>
      {(record) => <BatchForm key={record._id} batch={record} />}
    </DetailPage>
  );
}
