import { EditPage } from '../../../components/detail-page';
import { BATCH_FAILURE, useBatchDetail } from '../../../features/batches/api';
import { BatchForm } from '../../../features/batches/components/batch-form';
import { useLingui } from '@lingui/react/macro';

export function Component() {
  const { t } = useLingui();
  return <EditPage useRecord={useBatchDetail} title={t`Edit Batch`} description={(record) => record.name} errorTitle={t`The batch could not be loaded`} errorFallback={BATCH_FAILURE} skeletonHeight={520} maw={880} form={(record) => <BatchForm batch={record} />} />;
}
